import { ToolError } from "../errors/error.js";
import type { FileStat } from "./file-source.js";

/**
 * What a tool does with a regular file that has more than one hard link:
 * `refuse` (another of its names may lie outside the workspace, so its
 * contents are never shown) or `allow` (for trees that hard-link on purpose,
 * such as a pnpm store).
 */
export type HardLinkPolicy = "refuse" | "allow";

/**
 * Checks a `hardLinks` option once, when a tool is built; `undefined` is
 * the default, `refuse`. Anything else is a TypeError naming the option.
 *
 * @example
 * const hardLinks = resolveHardLinks(options.hardLinks); // "refuse"
 */
export function resolveHardLinks(value: unknown): HardLinkPolicy {
  if (value === undefined) return "refuse";
  if (value === "refuse" || value === "allow") return value;
  throw new TypeError(
    `\`hardLinks\` must be "refuse" or "allow", got ${JSON.stringify(value) ?? typeof value}`,
  );
}

/**
 * The containment rule every tool that shows file contents applies: a
 * regular file with more than one hard link is withheld under `refuse`,
 * since a link cannot say where its other names are (one may be a file
 * outside the workspace, which no path check can see).
 */
export function withheldAsHardLinked(options: { stat: FileStat; hardLinks: HardLinkPolicy }): boolean {
  const { stat, hardLinks } = options;
  return hardLinks === "refuse" && stat.kind === "file" && stat.links > 1;
}

/** The refusal of a file that has other names (one may lie outside the workspace). */
export function hardLinkedError(options: { shown: string; links: number }): ToolError {
  const { shown, links } = options;
  return ToolError.permission(
    `${shown} has ${links} hard links; another of its names may lie outside the workspace, so it is not opened`,
    {
      advice: `Work on a copy inside the workspace (cp ${shown} ${shown}.copy), or ask the user to allow hard-linked files (the tools' hardLinks: "allow" option).`,
    },
  );
}
