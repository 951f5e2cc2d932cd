import type { Tool, Workspace } from "@toolkit/core";

/** A family of built-in tools that a bin (`toolkit-mcp`, `toolkit-worker`) loads by flag. */
export type ToolFamily = "fs" | "search" | "shell" | "web-fetch";

/** Where each family lives: its package (an optional peer of the bin), its factory and its tools. */
export const TOOL_FAMILIES: Readonly<
  Record<ToolFamily, { readonly pkg: string; readonly factory: string; readonly tools: string }>
> = {
  fs: {
    pkg: "@toolkit/fs",
    factory: "createFsTools",
    tools: "Read, Write, Edit, MultiEdit, FileViewer, ApplyPatch",
  },
  search: { pkg: "@toolkit/search", factory: "createSearchTools", tools: "Glob, Grep, CodeSearch, Tree" },
  shell: { pkg: "@toolkit/shell", factory: "createShellTools", tools: "Shell, Jobs, JobInput" },
  "web-fetch": { pkg: "@toolkit/web-fetch", factory: "createWebFetchTools", tools: "WebFetch" },
};

/** A family's package is not installed; the message names it and the command to install it. */
export class MissingFamilyError extends Error {
  override readonly name = "MissingFamilyError";
}

/**
 * Loads a module by specifier. Pass `(specifier) => import(specifier)` from
 * the bin's own package: a specifier resolves from the file that imports it,
 * and the families are the bin's peers, not the registry's.
 */
export type Importer = (specifier: string) => Promise<unknown>;

/** The `node:util` `parseArgs` options of the family flags: one boolean `--<family>` each. */
export function familyFlagOptions<F extends ToolFamily>(
  families: readonly F[],
): Record<F, { type: "boolean" }> {
  const options = {} as Record<F, { type: "boolean" }>;
  for (const family of families) options[family] = { type: "boolean" };
  return options;
}

/** The families among `families` whose flag `parseArgs` read as set, in that order. */
export function chosenFamilies<F extends ToolFamily>(
  families: readonly F[],
  values: Readonly<Record<string, unknown>>,
): F[] {
  return families.filter((family) => values[family] === true);
}

/**
 * The usage lines of the family flags, e.g.
 * `  --fs        Read, Write, Edit, MultiEdit, FileViewer   (needs @toolkit/fs)`:
 * the flag padded to `flagWidth` characters, the tools to `toolsWidth`. A
 * tool list too long for its column continues on the next line, broken
 * after a comma, with the package on its last line.
 */
export function familyUsage(
  families: readonly ToolFamily[],
  { flagWidth, toolsWidth }: { flagWidth: number; toolsWidth: number },
): string {
  return families
    .map((family) => {
      const { pkg, tools } = TOOL_FAMILIES[family];
      const lines = wrapList(tools, toolsWidth - 1);
      const last = lines.length - 1;
      return lines
        .map((text, i) => {
          const lead = i === 0 ? `  ${`--${family}`.padEnd(flagWidth)}` : " ".repeat(flagWidth + 2);
          return i === last ? `${lead}${text.padEnd(toolsWidth)}(needs ${pkg})` : `${lead}${text}`;
        })
        .join("\n");
    })
    .join("\n");
}

/** A comma-separated list as lines of at most `width` characters, each broken after a comma. */
function wrapList(list: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const item of list.split(", ")) {
    const next = line === "" ? item : `${line}, ${item}`;
    if (line !== "" && next.length > width) {
      lines.push(`${line},`);
      line = item;
    } else {
      line = next;
    }
  }
  return [...lines, line];
}

/**
 * Loads each chosen family with `importer` (the packages are optional peer
 * dependencies of the bin) and calls its factory with the workspace; the
 * tools come back in flag order. Throws a MissingFamilyError naming the
 * package to install when one is absent, a TypeError when a package lacks its
 * factory (naming `bin`, whose version it must match), and any other import
 * error as it is.
 */
export async function loadFamilyTools({
  families,
  workspace,
  importer,
  bin,
}: {
  families: readonly ToolFamily[];
  workspace: Workspace;
  importer: Importer;
  /** The package whose bin loads the families, e.g. `@toolkit/mcp`. */
  bin: string;
}): Promise<Tool[]> {
  const tools: Tool[] = [];
  for (const flag of families) {
    const { pkg, factory } = TOOL_FAMILIES[flag];
    let mod: unknown;
    try {
      mod = await importer(pkg);
    } catch (error) {
      if (isMissing(error, pkg)) {
        throw new MissingFamilyError(
          `--${flag} needs ${pkg}, which is not installed: run \`npm install ${pkg}\``,
          { cause: error },
        );
      }
      throw error;
    }
    const create: unknown = typeof mod === "object" && mod !== null ? Reflect.get(mod, factory) : undefined;
    if (typeof create !== "function") {
      throw new TypeError(
        `${pkg} does not export ${factory}(); install a version of ${pkg} that matches ${bin}`,
      );
    }
    const made: unknown = create({ workspace });
    if (!Array.isArray(made)) throw new TypeError(`${pkg}: ${factory}() did not return an array of tools`);
    tools.push(...made);
  }
  return tools;
}

/** True for the error of importing `pkg` itself when it is not installed (not a module it imports). */
function isMissing(error: unknown, pkg: string): boolean {
  if (!(error instanceof Error)) return false;
  const code: unknown = Reflect.get(error, "code");
  return (
    (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && error.message.includes(`'${pkg}'`)
  );
}
