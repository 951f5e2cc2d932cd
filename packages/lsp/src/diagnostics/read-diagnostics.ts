import type { LanguageClient } from "../client/language-client.js";
import { pathToUri } from "../client/uri.js";
import type { DiagnosticsMode } from "../server/server-spec.js";
import { type Diagnostic, firstLine, type Severity, severityOf } from "./diagnostic.js";

/** What `readDiagnostics` needs to know about the document. */
export interface ReadDiagnosticsOptions {
  readonly client: LanguageClient;
  readonly mode: DiagnosticsMode;
  readonly path: string;
  /** The arrival number returned by `sync` (for servers that only publish). */
  readonly mark: number;
  readonly timeoutMs: number;
}

/**
 * The current diagnostics of one open document, or undefined when the server
 * did not answer within `timeoutMs` ("pending"). tsserver is asked directly
 * (its `publishDiagnostics` carry no version and come late); servers that
 * offer pull diagnostics are asked with `textDocument/diagnostic`; the others
 * are waited on for a `publishDiagnostics` newer than the change.
 */
export async function readDiagnostics(options: ReadDiagnosticsOptions): Promise<Diagnostic[] | undefined> {
  const { client, mode, path, timeoutMs } = options;
  try {
    if (mode === "tsserver") return await fromTsserver(client, path, timeoutMs);
    if (
      client.capabilities.diagnosticProvider !== undefined ||
      client.registered("textDocument/diagnostic")
    ) {
      return await fromPull(client, path, timeoutMs);
    }
  } catch (error) {
    if (error instanceof Error && error.name === "RequestTimeoutError") return undefined;
    throw error;
  }
  return fromPush(options);
}

interface TsDiagnostic {
  start?: { line?: number; offset?: number };
  text?: string;
  code?: number;
  category?: string;
}

const TS_CATEGORY: Readonly<Record<string, Severity>> = {
  error: "error",
  warning: "warning",
  suggestion: "hint",
  message: "info",
};

async function fromTsserver(client: LanguageClient, path: string, timeoutMs: number): Promise<Diagnostic[]> {
  const file = pathToUri(path);
  const ask = (command: string) =>
    client.request<{ body?: TsDiagnostic[] } | null>(
      "workspace/executeCommand",
      { command: "typescript.tsserverRequest", arguments: [command, { file }] },
      timeoutMs,
    );
  const [syntactic, semantic] = await Promise.all([
    ask("syntacticDiagnosticsSync"),
    ask("semanticDiagnosticsSync"),
  ]);
  return [...(syntactic?.body ?? []), ...(semantic?.body ?? [])]
    .map((d) => ({
      path,
      line: d.start?.line ?? 1,
      column: d.start?.offset ?? 1,
      severity: TS_CATEGORY[d.category ?? "error"] ?? "error",
      code: d.code === undefined ? "" : `TS${d.code}`,
      message: firstLine(d.text ?? ""),
    }))
    .sort(byPosition);
}

interface LspDiagnostic {
  range?: { start?: { line?: number; character?: number } };
  severity?: number;
  code?: string | number;
  message?: string;
}

/** LSP diagnostics (0-based) in the model's view (1-based). */
export function fromLsp(path: string, items: readonly unknown[]): Diagnostic[] {
  return (items as LspDiagnostic[])
    .map((d) => ({
      path,
      line: (d.range?.start?.line ?? 0) + 1,
      column: (d.range?.start?.character ?? 0) + 1,
      severity: severityOf(d.severity),
      code: d.code === undefined ? "" : String(d.code),
      message: firstLine(d.message ?? ""),
    }))
    .sort(byPosition);
}

async function fromPull(client: LanguageClient, path: string, timeoutMs: number): Promise<Diagnostic[]> {
  const report = await client.request<{ kind?: string; items?: unknown[] } | null>(
    "textDocument/diagnostic",
    { textDocument: { uri: pathToUri(path) } },
    timeoutMs,
  );
  return fromLsp(path, report?.items ?? []);
}

async function fromPush(options: ReadDiagnosticsOptions): Promise<Diagnostic[] | undefined> {
  const { client, path, mark, timeoutMs } = options;
  const version = client.versionOf(path);
  const current = () => {
    const p = client.publishedAfter(path, mark);
    return p !== undefined && (p.version === undefined || p.version === version) ? p : undefined;
  };
  await client.waitFor(() => current() !== undefined, timeoutMs);
  const p = current();
  return p === undefined ? undefined : fromLsp(path, p.diagnostics);
}

function byPosition(a: Diagnostic, b: Diagnostic): number {
  return a.line - b.line || a.column - b.column;
}
