import type { ShNode, ShParser } from "./sh-parser.js";
import { wordLiteral } from "./word-literal.js";

/** Redirections that only read (input, heredocs, here-strings). */
const READING = new Set(["<", "<<", "<<-", "<<<"]);
/** Targets a write may go to without touching a file. */
const HARMLESS_TARGETS = new Set(["/dev/null", "/dev/stdout", "/dev/stderr"]);

/** Why a redirection is not read-only, or `undefined` when it only reads or duplicates descriptors. */
export function checkRedirect(parser: ShParser, redirect: ShNode): string | undefined {
  const op = parser.redirectOps.get(redirect.Op as number) ?? "?";
  if (READING.has(op)) return undefined;
  const target = wordLiteral(parser, redirect.Word as ShNode);
  if (op === ">&" || op === "<&") {
    if (target !== undefined && /^(\d+|-)$/.test(target)) return undefined;
  }
  if (op === "<>") return "`<>` opens a file for writing";
  if (target === undefined) return `\`${op}\` writes to a file whose name is computed at run time`;
  if (HARMLESS_TARGETS.has(target)) return undefined;
  return `\`${op}\` writes to the file \`${target}\``;
}
