/**
 * The query as one FTS5 phrase: the whole text, double quotes doubled, so
 * that any characters (operators, colons, parentheses) are searched as words.
 */
export function asPhrase(query: string): string {
  return `"${query.replaceAll('"', '""')}"`;
}

/** The operators a query keeps when its words are quoted one by one. */
const OPERATORS = new Set(["OR", "AND", "NOT"]);

/**
 * The query with each word quoted on its own (`word-123 OR b:2` becomes
 * `"word-123" OR "b:2"`): the upper-case operators `OR`, `AND` and `NOT`
 * stay operators and a trailing `*` stays a prefix search, so a query that
 * FTS5 refused only for a character inside a word (`-`, `:`, `.`) still
 * means what its words and operators say. May itself be refused (`a OR`);
 * the caller then falls back to `asPhrase`.
 */
export function asWords(query: string): string {
  return query
    .split(/\s+/)
    .filter((word) => word !== "")
    .map((word) => {
      if (OPERATORS.has(word)) return word;
      const prefix = word.length > 1 && word.endsWith("*");
      const body = prefix ? word.slice(0, -1) : word;
      return `"${body.replaceAll('"', '""')}"${prefix ? "*" : ""}`;
    })
    .join(" ");
}

/**
 * True for SQLite's errors about a MATCH expression it could not parse,
 * including one nested deeper than FTS5's parser stack (about 100
 * parentheses) or expression tree (256 levels, e.g. a long `NOT` chain).
 */
export function isFtsSyntaxError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (
    (code === "SQLITE_ERROR" || code === undefined) &&
    /fts5: syntax error|unterminated string|no such column|unknown special query|fts5: .*(column|expression)|fts5: parser stack overflow|fts5 expression tree is too large/i.test(
      error.message,
    )
  );
}
