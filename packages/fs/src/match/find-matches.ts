/** Every start offset of `needle` in `text` (non-overlapping, left to right). Pure. */
export function findAll(text: string, needle: string): number[] {
  const out: number[] = [];
  if (needle === "") return out;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) out.push(at);
  return out;
}

/**
 * The 1-based line number of each (ascending) offset. Pure and linear in the
 * text's length: each newline is looked up once, however many offsets share
 * a line (a one-line file with 300,000 matches costs one scan).
 */
export function lineNumbersAt(text: string, offsets: readonly number[]): number[] {
  const out: number[] = [];
  let line = 1;
  let nl = text.indexOf("\n");
  for (const offset of offsets) {
    while (nl !== -1 && nl < offset) {
      line++;
      nl = text.indexOf("\n", nl + 1);
    }
    out.push(line);
  }
  return out;
}
