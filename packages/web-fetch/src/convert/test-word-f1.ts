/** Words of a text for comparing extractions: runs of letters and digits, lowercased; Han, kana and Hangul one character each. */
export function wordsOf(text: string): string[] {
  return (
    text
      .toLowerCase()
      .match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{L}\p{N}]+/gu) ?? []
  );
}

/**
 * The text a reader sees in Markdown, as a DOM's textContent would give it:
 * images dropped (their alt text is not text of the page) and link targets
 * dropped (`[a](url)` reads `[a]`).
 */
export function readableText(markdown: string): string {
  return markdown.replace(/!\[[^\]\n]*\]\([^)\s]*\)/g, "").replace(/\]\([^)\s]*\)/g, "]");
}

/** Word-level F1 of `found` against `expected`, each word counted as often as it occurs. */
export function wordF1(found: readonly string[], expected: readonly string[]): number {
  if (found.length === 0 || expected.length === 0) return found.length === expected.length ? 1 : 0;
  const left = new Map<string, number>();
  for (const word of expected) left.set(word, (left.get(word) ?? 0) + 1);
  let overlap = 0;
  for (const word of found) {
    const count = left.get(word) ?? 0;
    if (count > 0) {
      overlap++;
      left.set(word, count - 1);
    }
  }
  if (overlap === 0) return 0;
  const precision = overlap / found.length;
  const recall = overlap / expected.length;
  return (2 * precision * recall) / (precision + recall);
}
