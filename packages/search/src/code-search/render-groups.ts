/** A matched line. */
export interface Hit {
  readonly path: string;
  readonly line: number;
}

/**
 * Renders matches grouped by file: the path, then each match with
 * `contextLines` around it as `  N: text` (match) or `  N- text` (context),
 * overlapping windows merged. At most `maxResults` matches. Pure.
 */
export function renderGroups(options: {
  hits: readonly Hit[];
  texts: ReadonlyMap<string, readonly string[]>;
  maxResults: number;
  contextLines: number;
}): string {
  const { texts, maxResults, contextLines } = options;
  const hits = [...options.hits]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line))
    .slice(0, maxResults);
  const byFile = new Map<string, number[]>();
  for (const hit of hits) byFile.set(hit.path, [...(byFile.get(hit.path) ?? []), hit.line]);
  const out: string[] = [];
  for (const [path, lines] of byFile) {
    const text = texts.get(path) ?? [];
    const last = text.length > 0 && text[text.length - 1] === "" ? text.length - 1 : text.length;
    const matched = new Set(lines);
    const shown = new Set<number>();
    for (const line of lines) {
      for (let l = Math.max(1, line - contextLines); l <= Math.min(last, line + contextLines); l++)
        shown.add(l);
      shown.add(line);
    }
    if (out.length > 0) out.push("");
    out.push(path);
    for (const l of [...shown].sort((a, b) => a - b)) {
      const body = (text[l - 1] ?? "").replace(/\r$/, "");
      out.push(`  ${l}${matched.has(l) ? ":" : "-"} ${body}`);
    }
  }
  return out.join("\n");
}
