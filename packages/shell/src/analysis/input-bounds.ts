/** The longest command the analysis reads, in UTF-16 code units (16 KiB of ASCII). */
export const MAX_COMMAND_LENGTH = 16_384;
/** The most words and operators a command may have (parsing costs grow with them). */
export const MAX_TOKENS = 1_024;
/** The most openings of nested constructs (`(`, `{`, `` ` ``, `!`, keywords); the parser recurses on each. */
export const MAX_NESTING = 48;
/** The most pipe and list operators (`|`, `&`), each one level of the parsed tree. */
export const MAX_OPERATORS = 128;

const OPENERS = /[({`!]|\b(?:if|while|until|for|case|select|function|coproc|time)\b/g;

/**
 * Why a command is too large or too deep to analyse, or `undefined`. A cheap
 * scan of the raw text that over-counts (quoted text counts too), so that
 * parsing time and the parser's recursion depth stay bounded whatever the
 * input; a refusal only means "ask", never a wrong "read-only".
 */
export function exceedsBounds(command: string): string | undefined {
  if (command.length > MAX_COMMAND_LENGTH) {
    return `the command is ${command.length} characters long; the analysis reads at most ${MAX_COMMAND_LENGTH}`;
  }
  const operators = command.match(/[|&]/g)?.length ?? 0;
  if (operators > MAX_OPERATORS) {
    return `the command has ${operators} pipe and list operators; the analysis reads at most ${MAX_OPERATORS}`;
  }
  const openers = command.match(OPENERS)?.length ?? 0;
  if (openers > MAX_NESTING) {
    return `the command opens ${openers} groups, substitutions or compound commands; the analysis reads at most ${MAX_NESTING}`;
  }
  const tokens = command.match(/[^\s;|&<>()]+|[;|&<>()]+/g)?.length ?? 0;
  if (tokens > MAX_TOKENS) {
    return `the command has ${tokens} words and operators; the analysis reads at most ${MAX_TOKENS}`;
  }
  return undefined;
}
