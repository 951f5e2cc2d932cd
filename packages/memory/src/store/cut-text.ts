/**
 * `text` cut to at most `maxChars` characters (never inside a surrogate pair),
 * with a note saying how much was left out.
 */
export function cutText(text: string, maxChars: number): { text: string; cut: boolean } {
  if (text.length <= maxChars) return { text, cut: false };
  let end = maxChars;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return {
    text: `${text.slice(0, end)}\n[... cut: ${text.length - end} more characters not stored]`,
    cut: true,
  };
}
