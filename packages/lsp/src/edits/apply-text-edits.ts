/** An LSP text edit: a 0-based range in UTF-16 code units, and its replacement. */
export interface TextEdit {
  readonly range: {
    readonly start: { readonly line: number; readonly character: number };
    readonly end: { readonly line: number; readonly character: number };
  };
  readonly newText: string;
}

/** The text after the edits, or the reason they cannot be applied (a range past the end, an overlap). */
export type AppliedText =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly reason: string };

/**
 * Applies LSP text edits to a text, all against the original as the
 * protocol says. Pure. Refuses ranges outside the text and overlapping edits.
 */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): AppliedText {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  const offset = (p: { line: number; character: number }): number | undefined => {
    const lineStart = starts[p.line];
    if (lineStart === undefined || p.character < 0) return undefined;
    const lineEnd = starts[p.line + 1] ?? text.length + 1;
    const at = lineStart + p.character;
    return at < lineEnd || (at === text.length && p.line === starts.length - 1) ? at : undefined;
  };
  const spans: { from: number; to: number; newText: string }[] = [];
  for (const [i, edit] of edits.entries()) {
    const from = offset(edit.range.start);
    const to = offset(edit.range.end);
    if (from === undefined || to === undefined || to < from) {
      return { ok: false, reason: `edit ${i + 1} has a range outside the file` };
    }
    spans.push({ from, to, newText: edit.newText });
  }
  spans.sort((a, b) => a.from - b.from || a.to - b.to);
  for (let i = 1; i < spans.length; i++) {
    const prev = spans[i - 1] as (typeof spans)[number];
    if ((spans[i] as (typeof spans)[number]).from < prev.to)
      return { ok: false, reason: "two edits overlap" };
  }
  let out = "";
  let at = 0;
  for (const s of spans) {
    out += text.slice(at, s.from) + s.newText;
    at = s.to;
  }
  return { ok: true, text: out + text.slice(at) };
}
