/** True when every `\n` of the text is part of a `\r\n` (and there is at least one). Pure. */
export function isCrlf(text: string): boolean {
  const crlf = text.indexOf("\r\n");
  if (crlf === -1) return false;
  for (let nl = text.indexOf("\n"); nl !== -1; nl = text.indexOf("\n", nl + 1)) {
    if (text.charCodeAt(nl - 1) !== 13) return false;
  }
  return true;
}

/** `\r\n` to `\n`. Pure. */
export function toLf(text: string): string {
  return text.includes("\r\n") ? text.replaceAll("\r\n", "\n") : text;
}

/** `\n` to `\r\n` (on text that has no `\r\n`). Pure. */
export function toCrlf(text: string): string {
  return text.replaceAll("\n", "\r\n");
}
