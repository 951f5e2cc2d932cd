/**
 * The query as one FTS5 phrase: the whole text, double quotes doubled, so
 * that any characters (operators, colons, parentheses) are searched as words.
 */
export function asPhrase(query: string): string {
  return `"${query.replaceAll('"', '""')}"`;
}

/** True for SQLite's errors about a MATCH expression it could not parse. */
export function isFtsSyntaxError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (
    (code === "SQLITE_ERROR" || code === undefined) &&
    /fts5: syntax error|unterminated string|no such column|unknown special query|fts5: .*(column|expression)/i.test(
      error.message,
    )
  );
}
