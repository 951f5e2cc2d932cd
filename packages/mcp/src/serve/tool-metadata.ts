import type { Icon } from "@modelcontextprotocol/sdk/types.js";
import { TOOL_NAME_PATTERN, type Tool } from "@toolkit/core";

/** A tool's optional user-interface metadata after the check: serve it, or skip the tool for `reason`. */
export type MetadataCheck =
  | { ok: true; title: string | undefined; icons: Icon[] | undefined }
  | { ok: false; reason: string };

const ICON_FIELDS = new Set(["src", "mimeType", "sizes", "theme"]);
const ICON_SCHEMES = new Set(["https:", "http:", "data:"]);

/**
 * True when a tool name follows the MCP 2025-11-25 rule: 1 to 128 characters
 * of ASCII letters, digits, `_`, `-` and `.`.
 */
/** The rule, in words, for error messages. */
export const MCP_TOOL_NAME_RULE = "1-128 characters of A-Z, a-z, 0-9, '_', '-', '.'";

export function isMcpToolName(name: unknown): name is string {
  return typeof name === "string" && TOOL_NAME_PATTERN.test(name);
}

/**
 * Checks a tool's optional `title()` and `icons()` (MCP 2025-11-25): a title
 * is a non-empty string; each icon has an `https:`, `http:` or `data:` `src`,
 * an optional non-empty `mimeType`, `sizes` of strings and a `theme` of
 * `"light"` or `"dark"`, and no other field.
 */
export function checkMetadata(tool: Tool): MetadataCheck {
  let title: unknown;
  let icons: unknown;
  try {
    title = tool.title?.();
    icons = tool.icons?.();
  } catch (error) {
    return { ok: false, reason: `reading its title or icons threw: ${String(error)}` };
  }
  if (title !== undefined && (typeof title !== "string" || title === "")) {
    return { ok: false, reason: `its title must be a non-empty string, got ${shown(title)}` };
  }
  if (icons === undefined) return { ok: true, title, icons: undefined };
  if (!Array.isArray(icons)) return { ok: false, reason: `its icons must be an array, got ${shown(icons)}` };
  const checked: Icon[] = [];
  for (const [i, icon] of icons.entries()) {
    const problem = iconProblem(icon);
    if (problem) return { ok: false, reason: `icons[${i}]${problem}` };
    const { src, mimeType, sizes, theme } = icon as Icon;
    checked.push({
      src,
      ...(mimeType === undefined ? {} : { mimeType }),
      ...(sizes === undefined ? {} : { sizes: [...sizes] }),
      ...(theme === undefined ? {} : { theme }),
    });
  }
  return { ok: true, title, icons: checked };
}

function iconProblem(icon: unknown): string | undefined {
  if (icon === null || typeof icon !== "object" || Array.isArray(icon))
    return ` must be an object, got ${shown(icon)}`;
  const unknown = Object.keys(icon).find((key) => !ICON_FIELDS.has(key));
  if (unknown !== undefined) return ` has an unknown field '${unknown}'`;
  const { src, mimeType, sizes, theme } = icon as Record<string, unknown>;
  if (typeof src !== "string" || !ICON_SCHEMES.has(schemeOf(src))) {
    return `.src must be an https:, http: or data: URI, got ${shown(src)}`;
  }
  if (mimeType !== undefined && (typeof mimeType !== "string" || mimeType === "")) {
    return `.mimeType must be a non-empty string, got ${shown(mimeType)}`;
  }
  if (sizes !== undefined && (!Array.isArray(sizes) || !sizes.every((s) => typeof s === "string"))) {
    return `.sizes must be an array of strings, got ${shown(sizes)}`;
  }
  if (theme !== undefined && theme !== "light" && theme !== "dark") {
    return `.theme must be "light" or "dark", got ${shown(theme)}`;
  }
  return undefined;
}

function schemeOf(src: string): string {
  try {
    return new URL(src).protocol;
  } catch {
    return "";
  }
}

function shown(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}
