/**
 * `text` cut to at most `maxChars` characters (never inside a surrogate pair),
 * with a note saying how much was left out.
 */
export function cutText(text: string, maxChars: number): { text: string; cut: boolean } {
  if (text.length <= maxChars) return { text, cut: false };
  const end = wholeEnd(text, maxChars);
  return {
    text: `${text.slice(0, end)}\n[... cut: ${text.length - end} more characters not stored]`,
    cut: true,
  };
}

/** `end`, or one less where `end` would split a surrogate pair: where to cut `text` at most `end` long. */
export function wholeEnd(text: string, end: number): number {
  const code = text.charCodeAt(end - 1);
  return end < text.length && code >= 0xd800 && code <= 0xdbff ? end - 1 : end;
}
