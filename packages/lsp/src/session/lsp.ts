import { readFile, stat } from "node:fs/promises";
import { extname } from "node:path";
import { describeExit, LanguageClient } from "../client/language-client.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { readDiagnostics } from "../diagnostics/read-diagnostics.js";
import { findExecutable, findInNodeModules } from "../server/find-command.js";
import type { ServerSpec } from "../server/server-spec.js";
import { findRoot } from "../workspace/find-root.js";
import { importedPaths, pyModuleOf } from "../workspace/imports-target.js";
import { listFiles } from "../workspace/list-files.js";
import type { ResolvedLspOptions } from "./lsp-options.js";

/** A server ready for one file, with notes for the reply (a restart). */
export interface ReadyServer {
  readonly ok: true;
  readonly client: LanguageClient;
  readonly spec: ServerSpec;
  /** Lines the next reply should carry, e.g. that the server was restarted. */
  readonly notes: readonly string[];
}

/** No server for the file: none in the table, missing, or dead. */
export interface NoServer {
  readonly ok: false;
  /** Why, in one line; "" when no server serves the extension (not an error). */
  readonly message: string;
  /** True the first time this reason is given in the session (the middleware says it once). */
  readonly first: boolean;
}

interface Slot {
  readonly spec: ServerSpec;
  readonly root: string;
  starting: Promise<LanguageClient> | undefined;
  crashes: number;
  note: string | undefined;
  dead: string | undefined;
}

/**
 * The language servers of one workspace: started lazily, one per server per
 * project root, kept alive across calls, restarted once after a crash (with
 * a note in the next reply), and all ended by `dispose()`. Build it with
 * `createLsp`; pass it to `withDiagnostics` and `createLspTools`.
 */
export class Lsp {
  readonly root: string;
  readonly #o: ResolvedLspOptions;
  readonly #byExtension = new Map<string, ServerSpec>();
  readonly #slots = new Map<string, Slot>();
  readonly #said = new Set<string>();
  readonly #clients = new Set<LanguageClient>();
  readonly #imports = new Map<string, { mtimeMs: number; size: number; imports: readonly string[] }>();
  #disposed = false;

  constructor(options: ResolvedLspOptions) {
    this.#o = options;
    this.root = options.root;
    for (const spec of options.servers) {
      for (const ext of Object.keys(spec.languages)) this.#byExtension.set(ext, spec);
    }
  }

  /** Bound on a server's start and first project load, in ms. */
  get startTimeoutMs(): number {
    return this.#o.startTimeoutMs;
  }

  /** Starts the server for `path` and loads its project now, so the first edit is answered in time. */
  async warmUp(path: string): Promise<void> {
    await this.acquire(path);
  }

  /** `await using lsp = createLsp(...)` disposes it at the end of the block. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.dispose();
  }

  /** The file extensions some server in the table serves. */
  extensions(): string[] {
    return [...this.#byExtension.keys()];
  }

  /** The server that serves `path` by its extension, if any. */
  serverFor(path: string): ServerSpec | undefined {
    return this.#byExtension.get(extname(path));
  }

  /** The LSP language id of `path` (`typescript`, `python`, …). */
  languageIdOf(path: string): string {
    const ext = extname(path);
    return this.serverFor(path)?.languages[ext] ?? "plaintext";
  }

  /** The pids of the running server processes (each leads a process group). */
  pids(): number[] {
    return [...this.#clients].filter((c) => c.exit === undefined).map((c) => c.pid);
  }

  /** The server for `path`, started (and warmed: its project loaded) on first use. */
  async acquire(path: string): Promise<ReadyServer | NoServer> {
    if (this.#disposed) return { ok: false, message: "The language servers were disposed.", first: true };
    const spec = this.serverFor(path);
    if (!spec) return { ok: false, message: "", first: false };
    const root = findRoot(path, this.root, spec.rootMarkers);
    const key = `${spec.id}\u0000${root}`;
    let slot = this.#slots.get(key);
    if (!slot) {
      slot = { spec, root, starting: undefined, crashes: 0, note: undefined, dead: undefined };
      this.#slots.set(key, slot);
    }
    if (slot.dead !== undefined) return this.#no(key, slot.dead);
    const executable = findExecutable(spec.command, root);
    if (executable === undefined) {
      return this.#no(
        `missing:${spec.id}`,
        `No ${spec.id} language server: \`${spec.command}\` is not in node_modules/.bin or on PATH; install it (\`${spec.install}\`).`,
      );
    }
    slot.starting ??= this.#start(slot, executable);
    let client: LanguageClient;
    try {
      client = await slot.starting;
    } catch (error) {
      slot.starting = undefined;
      slot.dead = `The ${spec.id} language server did not start: ${error instanceof Error ? error.message : String(error)}`;
      return this.#no(key, slot.dead);
    }
    const notes = slot.note === undefined ? [] : [slot.note];
    slot.note = undefined;
    return { ok: true, client, spec, notes };
  }

  /**
   * Brings the server's copy of `path` in line with the disk (open, change,
   * or close when the file is gone). Returns the mark for `readDiagnostics`.
   */
  async syncFromDisk(client: LanguageClient, path: string): Promise<number> {
    let text: string | undefined;
    try {
      text = await readFile(path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    return client.sync(path, text, this.languageIdOf(path));
  }

  /** Syncs `path` from disk and reads its diagnostics within `timeoutMs`. */
  async diagnosticsOf(
    ready: ReadyServer,
    path: string,
    timeoutMs: number,
  ): Promise<Diagnostic[] | undefined> {
    const mark = await this.syncFromDisk(ready.client, path);
    if (!ready.client.isOpen(path)) return [];
    return readDiagnostics({
      client: ready.client,
      mode: ready.spec.diagnostics ?? "pull",
      path,
      mark,
      timeoutMs,
    });
  }

  /** The project files of `ready`'s server that import `path` (relative imports; Python modules). */
  async importersOf(ready: ReadyServer, path: string): Promise<string[]> {
    const files = await this.projectFiles(ready);
    const python = ready.spec.languages[extname(path)] === "python";
    const wanted = python ? pyModuleOf(path, ready.client.root) : path;
    if (wanted === undefined) return [];
    const found: string[] = [];
    await Promise.all(
      files.map(async (file) => {
        if (file !== path && (await this.#importsOf(file, python, ready.client.root)).includes(wanted)) {
          found.push(file);
        }
      }),
    );
    return found.sort();
  }

  /** What a file imports, cached while its size and mtime stay the same. */
  async #importsOf(file: string, python: boolean, root: string): Promise<readonly string[]> {
    const info = await stat(file).catch(() => undefined);
    if (!info) return [];
    const cached = this.#imports.get(file);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached.imports;
    const text = await readFile(file, "utf8").catch(() => "");
    const imports = importedPaths(file, text, python, root);
    this.#imports.set(file, { mtimeMs: info.mtimeMs, size: info.size, imports });
    return imports;
  }

  /** One file per server of the table that has files under the root (for workspace-wide questions). */
  async firstFiles(): Promise<string[]> {
    const out: string[] = [];
    for (const spec of new Set(this.#byExtension.values())) {
      const [first] = await listFiles(this.root, new Set(Object.keys(spec.languages)), 1);
      if (first !== undefined) out.push(first);
    }
    return out;
  }

  /** The files under the server's root that it serves, at most `maxFiles`. */
  projectFiles(ready: ReadyServer): Promise<string[]> {
    return listFiles(ready.client.root, new Set(Object.keys(ready.spec.languages)), this.#o.maxFiles);
  }

  /** Ends every server (shutdown, exit, then SIGKILL to its process group). */
  async dispose(): Promise<void> {
    this.#disposed = true;
    const starting = [...this.#slots.values()].map((s) => s.starting?.catch(() => undefined));
    await Promise.all(starting);
    await Promise.all([...this.#clients].map((c) => c.dispose()));
    this.#clients.clear();
  }

  #no(key: string, message: string): NoServer {
    const first = !this.#said.has(key);
    this.#said.add(key);
    return { ok: false, message, first };
  }

  async #start(slot: Slot, executable: string): Promise<LanguageClient> {
    const { spec, root } = slot;
    const wrapped = this.#o.wrapCommand({ command: executable, args: spec.args, root });
    const client = await LanguageClient.start({
      id: spec.id,
      command: wrapped.command,
      args: wrapped.args,
      root,
      env: this.#o.env,
      processId: wrapped.sameProcessView ? process.pid : null,
      initializationOptions: spec.initializationOptions?.({
        root,
        findModule: (rel) => findInNodeModules([root], rel),
      }),
      settings: spec.settings ?? {},
      startTimeoutMs: this.#o.startTimeoutMs,
    });
    this.#clients.add(client);
    client.onExit((exit) => {
      this.#clients.delete(client);
      if (this.#disposed) return;
      slot.starting = undefined;
      slot.crashes += 1;
      if (slot.crashes === 1) {
        slot.note = `Note: the ${spec.id} language server exited (${describeExit(exit)}) and was restarted.`;
      } else {
        const tail = client.stderrTail.trim().split("\n").slice(-1)[0] ?? "";
        slot.dead = `The ${spec.id} language server exited again (${describeExit(exit)}); it is not restarted in this session.${tail === "" ? "" : ` Its stderr ended: ${tail}`}`;
      }
    });
    if (this.#disposed) {
      await client.dispose();
      throw new Error("the language servers were disposed");
    }
    await this.#warm({ ok: true, client, spec, notes: [] });
    return client;
  }

  /** Loads the project (a cold tsserver takes seconds): opens one of its files and reads its diagnostics. */
  async #warm(ready: ReadyServer): Promise<void> {
    const { client, spec } = ready;
    if ((spec.diagnostics ?? "pull") === "pull" && client.capabilities.diagnosticProvider === undefined) {
      // Pull diagnostics are often registered just after `initialized`.
      await client.waitFor(() => client.registered("textDocument/diagnostic"), 1000);
    }
    const [first] = await listFiles(client.root, new Set(Object.keys(spec.languages)), 1);
    if (first === undefined) return;
    try {
      await this.diagnosticsOf(ready, first, this.#o.startTimeoutMs);
    } catch {}
  }
}
