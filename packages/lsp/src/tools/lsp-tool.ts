import { readFile } from "node:fs/promises";
import { extname } from "node:path";
import {
  type FileSource,
  LocalFileSource,
  type ToolContext,
  ToolBase,
  ToolError,
  Workspace,
} from "@toolkit/core";
import { RequestTimeoutError, ServerGoneError } from "../client/language-client.js";
import { shownPath } from "../diagnostics/format-diagnostic.js";
import type { Lsp, ReadyServer } from "../session/lsp.js";

/** Options shared by the LSP tools. */
export interface LspToolOptions {
  /** The workspace paths are checked against. @default the context's `cwd` */
  workspace?: Workspace;
  /** Where Rename reads and writes files. @default new LocalFileSource() */
  source?: FileSource;
}

/** A file checked against the workspace, with its server. */
export interface Target {
  readonly path: string;
  readonly ready: ReadyServer;
}

/** An LSP location: a URI and a 0-based range start. */
export interface LspLocation {
  readonly uri: string;
  readonly range: { readonly start: { readonly line: number; readonly character: number } };
}

/**
 * The base of the LSP tools: paths checked against the workspace, the
 * file's server acquired (its restart note kept for the reply), positions
 * shown 1-based.
 */
export abstract class LspTool<I> extends ToolBase<I> {
  protected readonly lsp: Lsp;
  protected readonly workspace: Workspace | undefined;
  protected readonly source: FileSource;

  constructor(lsp: Lsp, options: LspToolOptions = {}) {
    super();
    this.lsp = lsp;
    this.workspace = options.workspace;
    this.source = options.source ?? new LocalFileSource();
  }

  /** Checks `path` (field `field`) against the workspace and acquires its server; the notes go first in the reply. */
  protected async target(path: string, ctx: ToolContext, notes: string[], field = "path"): Promise<Target> {
    const resolved = await Workspace.from(ctx, this.workspace).resolve(path, field);
    if (!resolved.exists) {
      throw ToolError.fileNotFound(path);
    }
    return { path: resolved.real, ready: await this.serverFor(resolved.real, notes) };
  }

  /** The server of an absolute path, or a soft error naming what to install. */
  protected async serverFor(path: string, notes: string[]): Promise<ReadyServer> {
    const ready = await this.lsp.acquire(path);
    if (!ready.ok) {
      const served = [...new Set(this.lsp.extensions())].join(", ");
      throw ToolError.execution(
        ready.message ||
          `no language server serves ${extname(path) || "extension-less"} files (served: ${served})`,
      );
    }
    notes.push(...ready.notes);
    await this.lsp.syncFromDisk(ready.client, path);
    return ready;
  }

  /** `src/a.ts` for an absolute path under the root. */
  protected shown(path: string): string {
    return shownPath(path, this.lsp.root);
  }

  /** `src/a.ts:3:14: <the line's text>` for a location (1-based). */
  protected async describe(location: { path: string; line: number; character: number }): Promise<string> {
    const text = await readFile(location.path, "utf8").catch(() => "");
    const line = (text.split("\n")[location.line] ?? "").trim();
    const head = `${this.shown(location.path)}:${location.line + 1}:${location.character + 1}`;
    return line === "" ? head : `${head}: ${line}`;
  }

  /** A server that died or did not answer is something the model can retry: a soft error. */
  protected override toolError(error: unknown): ToolError | undefined {
    if (error instanceof ServerGoneError) {
      return ToolError.execution(`${error.message}; it is restarted on the next call`, { cause: error });
    }
    if (error instanceof RequestTimeoutError) {
      return ToolError.timeout(Math.ceil(error.timeoutMs / 1000), { cause: error });
    }
    return undefined;
  }

  isReadOnly(): boolean {
    return true;
  }
  isConcurrencySafe(): boolean {
    return true;
  }
}

/** Notes, then the body, as one reply text. */
export function withNotes(notes: readonly string[], body: string): string {
  return notes.length === 0 ? body : `${notes.join("\n")}\n\n${body}`;
}
