import { ToolError } from "@toolkit/core";

const PAIRS: ReadonlyArray<readonly [string, string]> = [
  ["[", "]"],
  ["{", "}"],
  ["(", ")"],
];

/**
 * Rejects a glob that cannot be what the model meant: empty, a NUL byte,
 * unbalanced brackets, braces or parentheses, or a `..` segment (an escape).
 * Returns the pattern with a leading "./" removed.
 */
export function checkGlob(options: { pattern: string; field?: string }): string {
  const { pattern, field = "pattern" } = options;
  if (pattern.trim() === "") throw ToolError.invalidInput(`\`${field}\` must be a non-empty glob, got ""`);
  if (pattern.includes("\0")) {
    throw ToolError.permission(`\`${field}\` contains a NUL byte: ${JSON.stringify(pattern)}`);
  }
  for (const [open, close] of PAIRS) {
    if (depthOf(pattern, open, close) !== 0) {
      throw ToolError.invalidInput(
        `\`${field}\` "${pattern}" is not a valid glob: unbalanced "${open}${close}". ` +
          `Close every ${open} (escape a literal one as \\${open}), e.g. "src/**/*.{ts,tsx}".`,
      );
    }
  }
  if (pattern.split("/").includes("..")) {
    throw ToolError.permission(
      `\`${field}\` "${pattern}" climbs out with ".."; globs match inside the workspace`,
      {
        advice: "Use a glob relative to the workspace (or to `path`) without `..` segments.",
      },
    );
  }
  return pattern.replace(/^(\.\/)+/, "");
}

/** Nesting depth left at the end (0 = balanced); a close before an open is -1. */
function depthOf(pattern: string, open: string, close: string): number {
  let depth = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (c === open) depth++;
    else if (c === close) {
      if (depth === 0) return -1;
      depth--;
    }
  }
  return depth;
}

/** True when a glob names a hidden segment itself (".github/**", "**\/.env*"). */
export function namesHidden(pattern: string): boolean {
  return pattern.split("/").some((segment) => segment.startsWith(".") && segment !== "." && segment !== "..");
}
