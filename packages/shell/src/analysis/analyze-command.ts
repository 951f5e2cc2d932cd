import { checkFile } from "./check-syntax.js";
import { exceedsBounds } from "./input-bounds.js";
import { ShParseError, resetShParser, shParser } from "./sh-parser.js";

/** What `analyzeCommand` decides about a command line. */
export interface CommandAnalysis {
  /** True when every part of the command only reads. */
  readonly readOnly: boolean;
  /** What disqualified the command (absent when it is read-only). */
  readonly reason?: string;
}

/**
 * Verdicts of recent command strings, least recently used first: wave
 * planning, the permission layer and the tool ask about the same command,
 * and an agent runs the same `git status` many times. A verdict depends on
 * the string alone, and is frozen, since every caller shares it.
 */
const recent = new Map<string, CommandAnalysis>();
const RECENT_MAX = 256;

/**
 * Decides whether a command line only reads, using a real shell parser
 * (mvdan/sh). Read-only means: every simple command is on the read-only list
 * and passes its argument check (`find` without `-delete`/`-exec`, `sed`
 * without `-i`, reading `git` subcommands, ... with options parsed as the
 * command parses them); no redirection writes a file; no command or process
 * substitution, assignment, function, background job or coprocess, and
 * nothing that bash evaluates as code at run time. Pipelines, `&&`, `||`,
 * `;`, subshells and control flow of read-only commands are read-only.
 * Anything the analysis does not know is not read-only, with a reason.
 *
 * Total and bounded: it never throws (an unexpected failure is a not
 * read-only verdict naming it), and a command over 16 KiB, with more than
 * 1,024 words or nested deeper than the parser can take is refused before
 * parsing. Takes the command as its one argument (the pinned signature the
 * permission middleware calls).
 *
 * @example
 * analyzeCommand("git log | head");  // { readOnly: true }
 * analyzeCommand("ls > out.txt");    // { readOnly: false, reason: "`>` writes to the file `out.txt`" }
 */
export function analyzeCommand(command: string): CommandAnalysis {
  if (typeof command !== "string" || command.trim() === "") {
    return { readOnly: false, reason: "the command is empty" };
  }
  const known = recent.get(command);
  if (known !== undefined) {
    recent.delete(command);
    recent.set(command, known);
    return known;
  }
  const verdict = Object.freeze(analyze(command));
  if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value as string);
  recent.set(command, verdict);
  return verdict;
}

function analyze(command: string): CommandAnalysis {
  const tooBig = exceedsBounds(command);
  if (tooBig !== undefined) return { readOnly: false, reason: tooBig };
  try {
    const parser = shParser();
    const reason = checkFile(parser, parser.parse(command));
    return reason === undefined ? { readOnly: true } : { readOnly: false, reason };
  } catch (error) {
    if (error instanceof ShParseError)
      return { readOnly: false, reason: `it does not parse: ${error.message}` };
    resetShParser();
    const detail = error instanceof RangeError ? "it is nested too deeply" : describe(error);
    return { readOnly: false, reason: `the analysis could not finish: ${detail}` };
  }
}

function describe(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return "an unknown error";
  }
}
