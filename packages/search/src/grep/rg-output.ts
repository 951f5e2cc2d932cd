import type { ScanLine } from "../js-engine/scan-text.js";

/** ripgrep's JSON text field: UTF-8 text, or base64 bytes when it is not valid UTF-8. */
interface RgText {
  text?: string;
  bytes?: string;
}

/** One parsed line of `rg --json` that carries output lines. */
export interface RgJsonLines {
  readonly path: string;
  readonly isMatch: boolean;
  readonly lines: ScanLine[];
}

/** `./a/b` → `a/b` (ripgrep prefixes "./" when searching "."). */
export function cleanPath(path: string): string {
  return path.startsWith("./") ? path.slice(2) : path;
}

function textOf(value: RgText | undefined): string {
  if (value?.text !== undefined) return value.text;
  if (value?.bytes !== undefined) return Buffer.from(value.bytes, "base64").toString("utf8");
  return "";
}

/** Parses one `rg --json` line; undefined for message types other than match and context. Pure. */
export function parseJsonLine(line: string): RgJsonLines | undefined {
  if (!line.startsWith('{"type":"match"') && !line.startsWith('{"type":"context"')) return undefined;
  const message = JSON.parse(line) as {
    type: string;
    data: { path: RgText; lines: RgText; line_number: number | null };
  };
  const isMatch = message.type === "match";
  const text = textOf(message.data.lines);
  const parts = text.split("\n");
  if (parts[parts.length - 1] === "") parts.pop();
  const first = message.data.line_number ?? 0;
  return {
    path: cleanPath(textOf(message.data.path)),
    isMatch,
    lines: parts.map((t, i) => [first + i, t, isMatch] as const),
  };
}

/** What the debug log says was skipped. */
export type SkipKind = "binary" | "large";

const BINARY = /: ignoring (.+): found binary data at offset \d+$/;
const LARGE = /: ignoring (.+): \d+ bytes$/;

/** Recognises ripgrep's debug lines about skipped files. Pure. */
export function parseSkipLine(line: string): SkipKind | undefined {
  if (!line.startsWith("rg: DEBUG|")) return undefined;
  if (BINARY.test(line)) return "binary";
  if (LARGE.test(line)) return "large";
  return undefined;
}

/** The stderr lines that are real messages (not debug), joined. */
export function errorText(stderr: string): string {
  return stderr
    .split("\n")
    .filter((l) => l !== "" && !l.startsWith("rg: DEBUG|") && !l.startsWith("rg: TRACE|"))
    .join("\n")
    .replace(/^rg: /, "")
    .trim();
}
