import type { ShNode, ShParser } from "./sh-parser.js";
import { wordLiteral } from "./word-literal.js";

/** Redirections that only read (input, heredocs, here-strings). */
const READING = new Set(["<", "<<", "<<-", "<<<"]);
/** Targets a write may go to without touching a file. */
const HARMLESS_TARGETS = new Set(["/dev/null", "/dev/stdout", "/dev/stderr"]);

/**
 * Why a redirection is not read-only, or `undefined` when it only reads a
 * file, duplicates or closes a descriptor, or writes to `/dev/null`,
 * `/dev/stdout` or `/dev/stderr`. A file read (`<`) must be named at parse
 * time and must not be one of bash's network paths (`/dev/tcp/...`,
 * `/dev/udp/...` open a socket that a descriptor copy such as `1>&0` can
 * then write to). Words inside the redirection are checked by the caller.
 */
export function checkRedirect(parser: ShParser, redirect: ShNode): string | undefined {
  const op = parser.redirectOps.get(redirect.Op as number) ?? "?";
  const n = parser.kind(redirect.N) === "Lit" ? parser.text((redirect.N as ShNode).Value) : undefined;
  if (n !== undefined && !/^\d+$/.test(n)) {
    return `\`${n}${op}\` assigns a descriptor number to a variable`;
  }
  if (op === "<<" || op === "<<-" || op === "<<<") return undefined;
  const target = wordLiteral(parser, redirect.Word);
  if (op === ">&" || op === "<&") {
    if (target !== undefined && /^(\d+-?|-)$/.test(target)) return undefined;
  }
  if (op === "<>") return "`<>` opens a file for writing";
  if (READING.has(op)) {
    if (target === undefined) return "`<` reads a file whose name is computed at run time";
    return isNetworkPath(target) ? `\`<\` opens a network connection (\`${target}\`)` : undefined;
  }
  if (target === undefined) return `\`${op}\` writes to a file whose name is computed at run time`;
  if (HARMLESS_TARGETS.has(target)) return undefined;
  return `\`${op}\` writes to the file \`${target}\``;
}

/** bash's `/dev/tcp/HOST/PORT` and `/dev/udp/HOST/PORT`, however the path is spelt. */
function isNetworkPath(path: string): boolean {
  const normalized = path.replace(/\/+/g, "/").replace(/(\/\.)+(?=\/|$)/g, "");
  return /^\/dev\/(tcp|udp)(\/|$)/.test(normalized);
}
