import { byPath } from "../glob/sort-matches.js";
import type { ScanMode } from "../js-engine/scan-text.js";
import type { EngineResult } from "./engine.js";
import { hardLinkedNote } from "./without-hard-linked.js";

/** Characters of a line shown in content mode; the rest is cut with a marker. */
export const MAX_LINE_CHARS = 2000;

/** The rows of a result, sorted by path then line (pure). */
export function grepRows(options: { result: EngineResult; mode: ScanMode; lineNumbers: boolean }): string[] {
  const { result, mode, lineNumbers } = options;
  const files = [...result.files].sort((a, b) => byPath(a.path, b.path));
  if (mode === "files_with_matches") return files.map((f) => f.path);
  if (mode === "count") return files.map((f) => `${f.path}:${f.count}`);
  const rows: string[] = [];
  for (const file of files) {
    const seen = new Set<number>();
    for (const [line, text, isMatch] of [...file.lines].sort(
      (a, b) => a[0] - b[0] || Number(b[2]) - Number(a[2]),
    )) {
      if (seen.has(line)) continue;
      seen.add(line);
      const sep = isMatch ? ":" : "-";
      rows.push(`${file.path}${sep}${lineNumbers ? `${line}${sep}` : ""}${cut(text)}`);
    }
  }
  return rows;
}

function cut(text: string): string {
  const clean = text.endsWith("\r") ? text.slice(0, -1) : text;
  if (clean.length <= MAX_LINE_CHARS) return clean;
  return `${clean.slice(0, MAX_LINE_CHARS)}… [line cut at ${MAX_LINE_CHARS} characters]`;
}

/** How many rows the whole search has: exact, or a lower bound when only a page's files were read. */
export interface RowTotal {
  readonly rows: number;
  readonly exact: boolean;
}

/** The row total of a result (pure). Without context, a page read from counted files knows the exact total. */
export function totalRows(options: { rows: number; result: EngineResult; withContext: boolean }): RowTotal {
  const { rows, result, withContext } = options;
  const totals = result.totals;
  if (totals === undefined || totals.complete) return { rows, exact: true };
  if (!withContext) return { rows: totals.matchLines, exact: true };
  return { rows: Math.max(rows, totals.matchLines), exact: false };
}

/** The reply text: one page of rows, then notes on paging, stopping and skipped files (pure). */
export function grepReply(options: {
  rows: readonly string[];
  total: RowTotal;
  pattern: string;
  headLimit: number;
  offset: number;
  result: EngineResult;
  maxRows: number;
  maxFileBytes: number;
  /** Whether the note on skipped files is shown. @default true */
  showSkipped?: boolean;
}): string {
  const { rows, total, pattern, headLimit, offset, result, maxRows, maxFileBytes } = options;
  const { showSkipped = true } = options;
  const page = headLimit === 0 ? rows.slice(offset) : rows.slice(offset, offset + headLimit);
  const lines: string[] = [];
  if (rows.length === 0) lines.push(`No matches found for pattern: ${pattern}`);
  else if (page.length === 0) {
    lines.push(
      `[offset ${offset} is past the last result (${total.rows} in all). Pass a smaller \`offset\`.]`,
    );
  } else {
    lines.push(...page);
    const last = offset + page.length;
    if (last < total.rows || offset > 0) {
      const more = last < total.rows ? ` Pass offset: ${last} for the next page.` : "";
      lines.push(
        `[Showing results ${offset + 1}-${last} of ${total.exact ? "" : "at least "}${total.rows}.${more}]`,
      );
    }
  }
  if (result.truncated) {
    lines.push(
      `[The search stopped after ${maxRows} results, so the list is incomplete. Narrow \`pattern\`, \`path\` or \`glob\`.]`,
    );
  }
  const skipped: string[] = [];
  if (result.skippedBinary > 0) skipped.push(count(result.skippedBinary, "binary file"));
  if (result.skippedLarge > 0)
    skipped.push(`${count(result.skippedLarge, "file")} over ${mib(maxFileBytes)}`);
  if (showSkipped && skipped.length > 0) lines.push(`[Skipped ${skipped.join(" and ")}.]`);
  const linked = hardLinkedNote(result.hardLinked);
  if (linked !== undefined) lines.push(linked);
  return lines.join("\n");
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

function mib(bytes: number): string {
  const value = bytes / (1024 * 1024);
  return Number.isInteger(value) ? `${value} MiB` : `${bytes} bytes`;
}
