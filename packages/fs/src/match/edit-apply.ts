import { findAll, lineNumbersAt } from "./find-matches.js";
import { type NearestRegion, nearestRegion } from "./nearest-region.js";
import { tolerantMatch } from "./tolerant-match.js";

/** How many occurrences an "occurs N times" failure lists by line; the rest are counted. */
export const MAX_LISTED_MATCHES = 10;

/** One replacement to make. */
export interface EditSpec {
  readonly oldString: string;
  readonly newString: string;
  readonly replaceAll?: boolean;
}

/** `exact` only, or `tolerant`: retry a failed exact match ignoring leading/trailing whitespace per line. */
export type Matching = "exact" | "tolerant";

/** What one edit did. */
export interface AppliedEdit {
  readonly index: number;
  readonly replacements: number;
  /** 1-based line of the first replacement, in the text the edit was applied to (0 when nothing was replaced). */
  readonly line: number;
  /** True when only tolerant matching found the text. */
  readonly tolerant: boolean;
}

/** Why an edit could not be applied. */
export type EditFailure =
  | { readonly kind: "not-found"; readonly nearest: NearestRegion | undefined }
  | {
      readonly kind: "ambiguous";
      /** How many times the old text occurs. */
      readonly count: number;
      /** The lines of the first `MAX_LISTED_MATCHES` occurrences. */
      readonly lines: readonly number[];
    }
  | { readonly kind: "tolerant-ambiguous"; readonly count: number }
  | { readonly kind: "empty-old" }
  | { readonly kind: "no-op" };

/** The outcome of `applyEdits`: the new text, or the first failure and its edit's index. */
export type EditOutcome =
  | { readonly ok: true; readonly text: string; readonly applied: readonly AppliedEdit[] }
  | { readonly ok: false; readonly index: number; readonly failure: EditFailure };

/** Options for `applyEdits`. */
export interface ApplyEditsOptions {
  text: string;
  edits: readonly EditSpec[];
  /** @default "exact" */
  matching?: Matching;
  /** What an empty `oldString` means: refused, or append (Loom). @default "refuse" */
  emptyOld?: "refuse" | "append";
  /** What a `replaceAll` edit whose old text is absent means: a failure, or no change (Loom). @default "fail" */
  replaceAllNone?: "fail" | "succeed";
  /** Field name of `oldString` for edit `i`, used in difference sentences. @default "old_string" */
  field?: (index: number) => string;
}

/**
 * Applies edits in order, each to the result of the previous one. Pure and
 * all-or-nothing: the first edit that fails stops everything and is named
 * by its index. An `oldString` must match once unless `replaceAll`.
 */
export function applyEdits({
  text,
  edits,
  matching = "exact",
  emptyOld = "refuse",
  replaceAllNone = "fail",
  field = () => "old_string",
}: ApplyEditsOptions): EditOutcome {
  const applied: AppliedEdit[] = [];
  for (const [index, edit] of edits.entries()) {
    const fail = (failure: EditFailure): EditOutcome => ({ ok: false, index, failure });
    const { oldString, newString, replaceAll = false } = edit;
    if (oldString === "") {
      if (emptyOld === "refuse") return fail({ kind: "empty-old" });
      applied.push({
        index,
        replacements: 1,
        line: lineNumbersAt(text, [text.length])[0] ?? 1,
        tolerant: false,
      });
      text += newString;
      continue;
    }
    if (oldString === newString) return fail({ kind: "no-op" });
    const exact = crlfVariant(text, oldString, newString);
    const at = findAll(text, exact.oldString);
    if (at.length > 1 && !replaceAll) {
      const lines = lineNumbersAt(text, at.slice(0, MAX_LISTED_MATCHES));
      return fail({ kind: "ambiguous", count: at.length, lines });
    }
    if (at.length > 0) {
      const line = lineNumbersAt(text, [at[0] ?? 0])[0] ?? 1;
      text = replaceAll
        ? text.split(exact.oldString).join(exact.newString)
        : splice(text, at[0] ?? 0, exact.oldString.length, exact.newString);
      applied.push({ index, replacements: at.length, line, tolerant: false });
      continue;
    }
    const loose = matching === "tolerant" ? tolerantMatch(text, oldString, newString) : undefined;
    if (loose && "match" in loose) {
      const { start, end, replacement } = loose.match;
      applied.push({ index, replacements: 1, line: lineNumbersAt(text, [start])[0] ?? 1, tolerant: true });
      text = splice(text, start, end - start, replacement);
      continue;
    }
    if (loose && loose.count > 1) return fail({ kind: "tolerant-ambiguous", count: loose.count });
    if (replaceAll && replaceAllNone === "succeed") {
      applied.push({ index, replacements: 0, line: 0, tolerant: false });
      continue;
    }
    return fail({ kind: "not-found", nearest: nearestRegion(text, oldString, field(index)) });
  }
  return { ok: true, text, applied };
}

/**
 * In a text with mixed line endings, `\n` in the old text may stand for the
 * `\r\n` the file has there: when the old text is absent as written but
 * present with `\r\n`, both strings are taken with `\r\n`.
 */
function crlfVariant(text: string, oldString: string, newString: string) {
  const plain = { oldString, newString };
  if (!oldString.includes("\n") || oldString.includes("\r\n") || !text.includes("\r\n")) return plain;
  if (text.includes(oldString)) return plain;
  const crlf = oldString.replaceAll("\n", "\r\n");
  return text.includes(crlf) ? { oldString: crlf, newString: newString.replaceAll(/\r?\n/g, "\r\n") } : plain;
}

function splice(text: string, start: number, length: number, insert: string): string {
  return text.slice(0, start) + insert + text.slice(start + length);
}
