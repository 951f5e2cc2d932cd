/** Every start offset of `needle` in `text` (non-overlapping, left to right). Pure. */
export function findAll(text: string, needle: string): number[] {
  const out: number[] = [];
  if (needle === "") return out;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) out.push(at);
  return out;
}

/** The 1-based line number of each (ascending) offset. Pure. */
export function lineNumbersAt(text: string, offsets: readonly number[]): number[] {
  const out: number[] = [];
  let line = 1;
  let from = 0;
  for (const offset of offsets) {
    for (let nl = text.indexOf("\n", from); nl !== -1 && nl < offset; nl = text.indexOf("\n", nl + 1)) {
      line++;
      from = nl + 1;
    }
    out.push(line);
  }
  return out;
}
