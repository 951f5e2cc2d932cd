/** How serious a diagnostic is, in LSP's four levels. */
export type Severity = "error" | "warning" | "info" | "hint";

/** One problem a language server reported, in the model's view (1-based positions). */
export interface Diagnostic {
  /** Absolute path of the file. */
  readonly path: string;
  /** 1-based line. */
  readonly line: number;
  /** 1-based column (UTF-16 code units, as the server counts). */
  readonly column: number;
  readonly severity: Severity;
  /** The server's code with its prefix, e.g. `TS2322` or `reportAttributeAccessIssue`; "" when none. */
  readonly code: string;
  /** The message's first line. */
  readonly message: string;
}

const LSP_SEVERITY: readonly Severity[] = ["error", "error", "warning", "info", "hint"];

/** The severity of an LSP `DiagnosticSeverity` number (absent means error, as clients treat it). */
export function severityOf(value: number | undefined): Severity {
  return LSP_SEVERITY[value ?? 1] ?? "error";
}

/** The first line of a message, trimmed. */
export function firstLine(message: string): string {
  const end = message.indexOf("\n");
  return (end === -1 ? message : message.slice(0, end)).trim();
}
