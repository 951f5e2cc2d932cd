import { isJsonObject, type ToolOutput } from "@toolkit/core";
import type { DispatchCall, Middleware, Next } from "@toolkit/registry";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { formatDiagnostic } from "../diagnostics/format-diagnostic.js";
import { newDiagnostics } from "../diagnostics/new-diagnostics.js";
import type { Lsp } from "../session/lsp.js";
import type { ReadyServer } from "../session/lsp.js";
import { changedPaths, FILE_CHANGING_TOOLS, type PathSource } from "./changed-paths.js";

/** Options for `withDiagnostics`. */
export interface WithDiagnosticsOptions {
  /** How long to wait for the diagnostics after an edit, in ms, before saying "pending". @default 3000 */
  waitMs?: number;
  /** Report new warnings too. @default false */
  warnings?: boolean;
  /** Most diagnostic lines appended to one reply. @default 20 */
  maxLines?: number;
  /** The file-changing tools by name and where their paths are. @default FILE_CHANGING_TOOLS */
  tools?: ReadonlyMap<string, PathSource>;
}

interface Watched {
  readonly ready: ReadyServer;
  /** The changed file and the files that import it. */
  readonly files: readonly string[];
  readonly before: Diagnostic[];
}

/**
 * Appends to a file-changing tool's reply the errors its change introduced,
 * in the changed file and in the files that import it: one line each,
 * `src/a.ts:12:5 error TS2322 Type 'string' is not assignable to type 'number'.`,
 * at most `maxLines`. Before the call it reads the current diagnostics;
 * after a successful call it syncs the files with the server and reads them
 * again. Each read waits at most `waitMs` ("diagnostics pending" after
 * that); a server's first use also waits for it to start and load its
 * project (`startTimeoutMs` of `createLsp`). A
 * structured reply (Loom's `edit_file`) gets a `diagnostics` array instead.
 *
 * @example
 * const lsp = createLsp({ root: process.cwd() });
 * dispatch(registry, calls, { middleware: [withDiagnostics(lsp)] });
 */
export function withDiagnostics(lsp: Lsp, options: WithDiagnosticsOptions = {}): Middleware {
  const { waitMs = 3000, warnings = false, maxLines = 20, tools = FILE_CHANGING_TOOLS } = options;
  for (const [name, value] of [
    ["waitMs", waitMs],
    ["maxLines", maxLines],
  ] as const) {
    if (!Number.isInteger(value) || value <= 0) {
      throw new TypeError(
        `withDiagnostics: \`${name}\` must be a positive integer; got ${JSON.stringify(value)}`,
      );
    }
  }
  const shown = (d: Diagnostic) => d.severity === "error" || (warnings && d.severity === "warning");
  const session = lsp;

  return async function withDiagnosticsMiddleware(call: DispatchCall, next: Next): Promise<ToolOutput> {
    const source = call.rejection === undefined && call.tool ? tools.get(call.name) : undefined;
    if (!source) return next(call);
    const paths = changedPaths(source, call.input, call.ctx.cwd).filter((p) => session.serverFor(p));
    if (paths.length === 0) return next(call);

    const notes: string[] = [];
    // One entry per server: a file changed by the call and imported by another is watched once.
    const byServer = new Map<ReadyServer["client"], { ready: ReadyServer; files: Set<string> }>();
    for (const path of paths) {
      try {
        const ready = await session.acquire(path);
        if (!ready.ok) {
          if (ready.first && ready.message !== "") notes.push(ready.message);
          continue;
        }
        notes.push(...ready.notes);
        const entry = byServer.get(ready.client) ?? { ready, files: new Set<string>() };
        byServer.set(ready.client, entry);
        for (const file of [path, ...(await session.importersOf(ready, path))]) entry.files.add(file);
      } catch (error) {
        notes.push(unavailable(error));
      }
    }
    const watched: Watched[] = [];
    let baselinePending = false;
    for (const { ready, files } of byServer.values()) {
      try {
        // Requests are pipelined: the server answers them in turn without a round trip between.
        const list = [...files];
        // The server was warmed when it started, so the baseline gets the same bound as the answer.
        const found = await Promise.all(list.map((f) => session.diagnosticsOf(ready, f, waitMs)));
        // Without a full baseline every old error would look new: say "pending" rather than guess.
        if (found.some((d) => d === undefined)) baselinePending = true;
        else watched.push({ ready, files: list, before: found.flatMap((d) => d ?? []) });
      } catch (error) {
        notes.push(unavailable(error));
      }
    }

    const output = await next(call);
    if (output.isError) return output;

    const fresh: Diagnostic[] = [];
    let pending = baselinePending;
    const results = await Promise.all(
      watched.map(async ({ ready, files }) => {
        try {
          return await Promise.all(files.map((f) => session.diagnosticsOf(ready, f, waitMs)));
        } catch (error) {
          return error instanceof Error ? error : new Error(String(error));
        }
      }),
    );
    for (const [i, { before }] of watched.entries()) {
      const result = results[i];
      if (result instanceof Error || result === undefined) {
        notes.push(unavailable(result));
        continue;
      }
      if (result.some((d) => d === undefined)) pending = true;
      const after = result.flatMap((d) => d ?? []);
      fresh.push(...newDiagnostics(before.filter(shown), after.filter(shown)));
    }
    const lines = fresh.slice(0, maxLines).map((d) => formatDiagnostic(d, session.root));
    if (fresh.length > maxLines) lines.push(`... and ${fresh.length - maxLines} more`);
    if (pending) lines.push(`Diagnostics pending: the language server did not answer within ${waitMs} ms.`);
    return appendLines(output, lines, notes, fresh.length, warnings ? "problem" : "error");
  };
}

function unavailable(error: unknown): string {
  return `Diagnostics unavailable: ${error instanceof Error ? error.message : String(error)}.`;
}

function appendLines(
  output: ToolOutput,
  lines: string[],
  notes: string[],
  count: number,
  noun: string,
): ToolOutput {
  if (lines.length === 0 && notes.length === 0) return output;
  const value = output.hasStructured ? output.structuredValue() : undefined;
  if (isJsonObject(value)) return output.withStructured({ ...value, diagnostics: [...notes, ...lines] });
  const head = count === 0 ? [] : [`This edit introduced ${count} ${noun}${count === 1 ? "" : "s"}:`];
  const block = [...notes, ...head, ...lines].join("\n");
  return output.withText(`${output.textContent()}\n\n${block}`);
}
