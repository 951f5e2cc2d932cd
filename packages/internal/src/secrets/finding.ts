/** Where a secret stands in a text: `text.slice(start, end)`, and what kind it is. */
export interface Finding {
  readonly start: number;
  readonly end: number;
  /** Shown in the replacement, e.g. `[REDACTED:github-token]`. */
  readonly name: string;
}
