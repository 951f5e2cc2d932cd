/** The ASCII names of the C0 control characters, U+0000 to U+001F. */
const C0_NAMES = [
  "NUL",
  "SOH",
  "STX",
  "ETX",
  "EOT",
  "ENQ",
  "ACK",
  "BEL",
  "BS",
  "HT",
  "LF",
  "VT",
  "FF",
  "CR",
  "SO",
  "SI",
  "DLE",
  "DC1",
  "DC2",
  "DC3",
  "DC4",
  "NAK",
  "SYN",
  "ETB",
  "CAN",
  "EM",
  "SUB",
  "ESC",
  "FS",
  "GS",
  "RS",
  "US",
];

/** A control character other than the tab and line breaks that separate words. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u;

function describe(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  const name = code < 0x20 ? C0_NAMES[code] : code === 0x7f ? "DEL" : undefined;
  return name ? `${hex} (${name})` : hex;
}

/**
 * Why a SearchMemories query cannot be searched, or undefined when it can.
 * FTS5 reads its query as C text (a NUL ends it) and its tokenizer drops
 * control characters, so a query holding one would search for something
 * other than what it says; it is refused, naming the character. Tab, line
 * feed and carriage return separate words and are kept.
 *
 * @example queryProblem("a\u0000") // "`query` holds the control character U+0000 (NUL) at index 1: …"
 */
export function queryProblem(query: string): string | undefined {
  const found = CONTROL.exec(query);
  if (found) {
    return `\`query\` holds the control character ${describe(found[0])} at index ${found.index}: search for words, not control characters`;
  }
  if (query.trim() === "") {
    return `\`query\` must hold a word to search for, got only white space (${JSON.stringify(query)})`;
  }
  return undefined;
}
