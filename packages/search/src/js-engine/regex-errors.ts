import { ToolError } from "@toolkit/core";

/** A newline in a pattern outside multiline mode. */
export function newlineError(): ToolError {
  return ToolError.invalidInput(
    '`pattern` contains a newline ("\\n"), which only matches in multiline mode. Pass `multiline: true` to match across lines.',
  );
}

/** A pattern ripgrep itself would reject. */
export function invalid(pattern: string, reason: string): ToolError {
  return ToolError.invalidInput(`\`pattern\` "${pattern}" is not a valid regular expression: ${reason}`, {
    advice:
      "Fix the pattern (escape special characters, or pass `fixed_strings: true` for a literal search).",
  });
}

/** A pattern the JS engine cannot honour identically. */
export function unsupported(pattern: string, what: string): ToolError {
  return ToolError.invalidInput(
    `\`pattern\` "${pattern}" uses ${what}, which the pure-JS search engine cannot match exactly as ripgrep does`,
    {
      advice:
        "Rewrite the pattern with common syntax (literals, classes, \\w \\d \\s \\b, groups, alternation, quantifiers), or use the ripgrep engine.",
    },
  );
}
