import type { Random } from "./random.js";

const WORDS = [
  "value",
  "result",
  "config",
  "options",
  "buffer",
  "index",
  "count",
  "items",
  "node",
  "state",
  "cache",
  "handler",
  "request",
  "response",
  "context",
  "payload",
  "token",
  "stream",
  "record",
  "entry",
  "target",
  "source",
  "parent",
  "child",
  "schema",
  "model",
  "client",
  "server",
  "queue",
  "batch",
  "limit",
  "offset",
  "timeout",
  "retry",
  "signal",
];
const VERBS = [
  "get",
  "set",
  "load",
  "parse",
  "build",
  "create",
  "update",
  "handle",
  "resolve",
  "render",
  "fetch",
  "apply",
];
const NOUNS = [
  "Config",
  "User",
  "Session",
  "Item",
  "Node",
  "Event",
  "Query",
  "Result",
  "Store",
  "Token",
  "Route",
  "Cache",
];
const HOOKS = ["useState", "useEffect", "useMemo", "useCallback", "useRef"];
const COMMENTS = [
  "TODO: handle the error case",
  "Error handling happens in the caller",
  "FIXME: this is slow for large inputs",
  "keep the order stable",
  "the cache is invalidated on write",
  "see the design notes",
];

function ident(r: Random): string {
  return `${r.pick(VERBS)}${r.pick(NOUNS)}`;
}

/** One line of TypeScript-like code. */
function tsLine(r: Random): string {
  switch (r.int(0, 9)) {
    case 0:
      return `export function ${ident(r)}(${r.pick(WORDS)}: ${r.pick(NOUNS)}): ${r.pick(NOUNS)} {`;
    case 1:
      return `  const ${r.pick(WORDS)} = ${ident(r)}(${r.pick(WORDS)}, ${r.int(0, 999)});`;
    case 2:
      return `  // ${r.pick(COMMENTS)}`;
    case 3:
      return `  const [${r.pick(WORDS)}, set${r.pick(NOUNS)}] = ${r.pick(HOOKS)}(${r.int(0, 9)});`;
    case 4:
      return `  if (${r.pick(WORDS)}.${r.pick(WORDS)} > ${r.int(0, 100)}) throw new Error("${r.pick(WORDS)} failed");`;
    case 5:
      return `  return ${r.pick(WORDS)}.${r.pick(WORDS)}(${r.pick(WORDS)});`;
    case 6:
      return "}";
    case 7:
      return `export interface ${r.pick(NOUNS)}${r.pick(NOUNS)} { ${r.pick(WORDS)}: string; ${r.pick(WORDS)}: number }`;
    default:
      return `  ${r.pick(WORDS)}.${r.pick(WORDS)} = ${r.pick(WORDS)}.${r.pick(WORDS)} + ${r.int(0, 9999)};`;
  }
}

/** One line of Python-like code. */
function pyLine(r: Random): string {
  switch (r.int(0, 5)) {
    case 0:
      return `def ${r.pick(VERBS)}_${r.pick(WORDS)}(${r.pick(WORDS)}, ${r.pick(WORDS)}=None):`;
    case 1:
      return `    # ${r.pick(COMMENTS)}`;
    case 2:
      return `    ${r.pick(WORDS)} = ${r.pick(WORDS)}.${r.pick(WORDS)}(${r.int(0, 99)})`;
    case 3:
      return `    raise ValueError("${r.pick(WORDS)} error")`;
    default:
      return `    return ${r.pick(WORDS)}`;
  }
}

/** About `bytes` of source-like text for a file with this extension. */
export function sourceText(r: Random, extension: string, bytes: number): string {
  const line = extension === "py" ? pyLine : tsLine;
  const out: string[] = [];
  let size = 0;
  while (size < bytes) {
    const l = line(r);
    out.push(l);
    size += l.length + 1;
  }
  return `${out.join("\n")}\n`;
}
