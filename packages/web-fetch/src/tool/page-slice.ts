import { ToolError } from "@toolkit/core";

/** One page of a long text. */
export interface PageSlice {
  readonly text: string;
  /** Offset of the first character, from 0. */
  readonly start: number;
  /** Offset after the last character: the next page's `offset`. */
  readonly end: number;
  readonly total: number;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * The page of `text` from `offset`, at most `maxChars` UTF-16 units long and
 * never ending between the halves of a surrogate pair (a page of one unit that
 * would split one takes the whole pair). Pages from 0 to `end`, `end` to ...
 * join back into `text` exactly. An offset past the end throws InvalidInput.
 */
export function pageSlice(text: string, offset: number, maxChars: number): PageSlice {
  const total = text.length;
  if (offset > 0 && offset >= total) {
    throw ToolError.invalidInput(
      `\`offset\` ${offset} is past the end: the page has ${total} characters${total > 0 ? ` (the last page starts before ${total})` : ""}.`,
    );
  }
  let end = Math.min(total, offset + maxChars);
  if (end < total && isHighSurrogate(text.charCodeAt(end - 1))) end += end - 1 > offset ? -1 : 1;
  return { text: text.slice(offset, end), start: offset, end, total };
}

/** The paging note, or undefined when the page is the whole text. */
export function pageNote({ start, end, total }: PageSlice): string | undefined {
  if (start === 0 && end >= total) return undefined;
  const shown = `[Showing characters ${start + 1}-${end} of ${total}.`;
  return end < total
    ? `${shown} Pass offset: ${end} for the next page.]`
    : `${shown} This is the last page.]`;
}
