import { type ChildProcess, spawn } from "node:child_process";
import {
  CancellationTokenSource,
  createProtocolConnection,
  type ProtocolConnection,
  type ServerCapabilities,
  StreamMessageReader,
  StreamMessageWriter,
} from "vscode-languageserver-protocol/node";
import { CLIENT_CAPABILITIES } from "./capabilities.js";
import { alive, descendants, groupMembers } from "./process-tree.js";
import { pathToUri } from "./uri.js";

/** How one server process is started. */
export interface LanguageClientOptions {
  /** The server's id, for messages. */
  readonly id: string;
  /** The executable and its arguments (already wrapped by a sandbox when one is set). */
  readonly command: string;
  readonly args: readonly string[];
  /** The workspace root it serves (its working directory and `rootUri`). */
  readonly root: string;
  readonly env: NodeJS.ProcessEnv;
  /** Sent as `processId`; null when the server cannot see this process (a separate PID namespace). */
  readonly processId: number | null;
  readonly initializationOptions: unknown;
  /** Answers to `workspace/configuration` by section. */
  readonly settings: Readonly<Record<string, unknown>>;
  /** Bound on `initialize`. @default 30000 */
  readonly startTimeoutMs?: number;
}

/** How a server process ended. */
export interface ServerExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** A diagnostics notification as it arrived, with its arrival number. */
export interface Published {
  readonly seq: number;
  readonly version: number | undefined;
  readonly diagnostics: readonly unknown[];
}

interface OpenDocument {
  version: number;
  text: string;
}

const STDERR_KEPT = 4096;

/** Requests servers send to clients; each is answered (most with null) so none waits. */
const SERVER_REQUESTS = [
  "client/registerCapability",
  "client/unregisterCapability",
  "workspace/configuration",
  "workspace/workspaceFolders",
  "workspace/applyEdit",
  "workspace/diagnostic/refresh",
  "workspace/semanticTokens/refresh",
  "workspace/inlayHint/refresh",
  "workspace/codeLens/refresh",
  "window/workDoneProgress/create",
  "window/showMessageRequest",
  "window/showDocument",
] as const;

/**
 * One language server process spoken to over stdio with
 * `vscode-languageserver-protocol`. It tracks the documents it opened
 * (full-text sync), the diagnostics the server published, and the dynamic
 * registrations it asked for. The process leads its own process group, so
 * `dispose()` (and a crash) end the helpers it spawned too (tsserver).
 */
export class LanguageClient {
  readonly id: string;
  readonly root: string;
  readonly pid: number;
  readonly #proc: ChildProcess;
  readonly #conn: ProtocolConnection;
  readonly #docs = new Map<string, OpenDocument>();
  readonly #published = new Map<string, Published>();
  readonly #waiters = new Set<() => void>();
  readonly #registered = new Set<string>();
  readonly #exitListeners = new Set<(exit: ServerExit) => void>();
  #capabilities: ServerCapabilities = {};
  #seq = 0;
  #exit: ServerExit | undefined;
  #stderr = "";
  #disposing = false;

  private constructor(options: LanguageClientOptions, proc: ChildProcess, pid: number) {
    this.id = options.id;
    this.root = options.root;
    this.#proc = proc;
    this.pid = pid;
    const { stdout, stdin, stderr } = proc;
    if (!stdout || !stdin || !stderr) throw new Error("language server spawned without pipes");
    stderr.setEncoding("utf8");
    stderr.on("data", (chunk: string) => {
      this.#stderr = (this.#stderr + chunk).slice(-STDERR_KEPT);
    });
    // A write to a server that just died must not crash the host.
    stdin.on("error", () => {});
    this.#conn = createProtocolConnection(new StreamMessageReader(stdout), new StreamMessageWriter(stdin));
    this.#conn.onNotification("textDocument/publishDiagnostics", (params: unknown) =>
      this.#onPublish(params),
    );
    for (const method of SERVER_REQUESTS) {
      this.#conn.onRequest(method, (params: unknown) => this.#onServerRequest(method, params, options));
    }
    this.#conn.onError(() => {});
    this.#conn.listen();
    proc.on("exit", (code, signal) => {
      this.#exit = { code, signal };
      killGroup(pid);
      this.#conn.dispose();
      for (const wake of this.#waiters) wake();
      for (const listener of this.#exitListeners) listener(this.#exit);
    });
  }

  /** Spawns the server and completes `initialize`/`initialized`. Throws when it does not start. */
  static async start(options: LanguageClientOptions): Promise<LanguageClient> {
    const proc = spawn(options.command, [...options.args], {
      cwd: options.root,
      env: options.env,
      stdio: ["pipe", "pipe", "pipe"],
      detached: true,
    });
    const pid = await new Promise<number>((resolve, reject) => {
      proc.once("spawn", () => resolve(proc.pid ?? -1));
      proc.once("error", reject);
    });
    // A later 'error' (a failed kill) must not become an unhandled event that ends the host.
    proc.on("error", () => {});
    const client = new LanguageClient(options, proc, pid);
    try {
      await client.#initialize(options);
    } catch (error) {
      await client.dispose();
      throw error;
    }
    return client;
  }

  /** The capabilities from the server's `initialize` reply. */
  get capabilities(): ServerCapabilities {
    return this.#capabilities;
  }

  /** Set once the process has ended. */
  get exit(): ServerExit | undefined {
    return this.#exit;
  }

  /** The end of what the server wrote to stderr (for crash reports). */
  get stderrTail(): string {
    return this.#stderr;
  }

  /** Calls `listener` when the process ends. */
  onExit(listener: (exit: ServerExit) => void): void {
    this.#exitListeners.add(listener);
  }

  /** True when the server registered `method` dynamically (`client/registerCapability`). */
  registered(method: string): boolean {
    return this.#registered.has(method);
  }

  /** True when `path` is open on the server. */
  isOpen(path: string): boolean {
    return this.#docs.has(path);
  }

  /** The paths open on the server. */
  openPaths(): string[] {
    return [...this.#docs.keys()];
  }

  /**
   * Makes the server's copy of `path` equal `text`: `didOpen` the first
   * time, `didChange` (full text) when it differs, `didClose` when `text` is
   * undefined (the file is gone). Returns the arrival number that later
   * diagnostics must exceed.
   */
  sync(path: string, text: string | undefined, languageId: string): number {
    const uri = pathToUri(path);
    const doc = this.#docs.get(path);
    const mark = this.#seq;
    if (text === undefined) {
      if (doc) {
        this.#docs.delete(path);
        this.#published.delete(uri);
        this.#conn.sendNotification("textDocument/didClose", { textDocument: { uri } });
      }
    } else if (!doc) {
      this.#docs.set(path, { version: 1, text });
      this.#conn.sendNotification("textDocument/didOpen", {
        textDocument: { uri, languageId, version: 1, text },
      });
    } else if (doc.text !== text) {
      doc.version += 1;
      doc.text = text;
      this.#conn.sendNotification("textDocument/didChange", {
        textDocument: { uri, version: doc.version },
        contentChanges: [{ text }],
      });
    }
    return mark;
  }

  /** The version of an open document. */
  versionOf(path: string): number | undefined {
    return this.#docs.get(path)?.version;
  }

  /** The text the server has for an open document. */
  textOf(path: string): string | undefined {
    return this.#docs.get(path)?.text;
  }

  /** Sends a request; rejects when `timeoutMs` passes first (the request is cancelled) or the server dies. */
  async request<R>(method: string, params: unknown, timeoutMs = 30_000): Promise<R> {
    if (this.#exit) throw new ServerGoneError(this.id, this.#exit);
    const source = new CancellationTokenSource();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        source.cancel();
        reject(new RequestTimeoutError(method, timeoutMs));
      }, timeoutMs);
    });
    const gone = new Promise<never>((_, reject) => {
      const wake = () => {
        if (this.#exit) reject(new ServerGoneError(this.id, this.#exit));
      };
      this.#waiters.add(wake);
      expired.catch(() => {}).finally(() => this.#waiters.delete(wake));
    });
    const sent = this.#conn.sendRequest(method, params, source.token) as Promise<R>;
    sent.catch(() => {});
    gone.catch(() => {});
    try {
      return await Promise.race([sent, expired, gone]);
    } finally {
      clearTimeout(timer);
      source.dispose();
    }
  }

  /** The last diagnostics published for `path`, if any arrived after `mark`. */
  publishedAfter(path: string, mark: number): Published | undefined {
    const p = this.#published.get(pathToUri(path));
    return p && p.seq > mark ? p : undefined;
  }

  /** The last diagnostics published for `path`. */
  lastPublished(path: string): Published | undefined {
    return this.#published.get(pathToUri(path));
  }

  /** Waits until `ready()` holds, a notification at a time, for at most `timeoutMs`; returns whether it held. */
  async waitFor(ready: () => boolean, timeoutMs: number): Promise<boolean> {
    if (ready()) return true;
    return new Promise<boolean>((resolve) => {
      const done = (value: boolean) => {
        clearTimeout(timer);
        this.#waiters.delete(check);
        resolve(value);
      };
      const check = () => {
        if (ready()) done(true);
        else if (this.#exit) done(false);
      };
      const timer = setTimeout(() => done(ready()), timeoutMs);
      this.#waiters.add(check);
    });
  }

  /**
   * Ends the server: `shutdown` then `exit`, a second to leave, then
   * SIGKILL to its whole process group. Safe to call twice.
   */
  async dispose(): Promise<void> {
    if (this.#disposing) return this.#exited(0);
    this.#disposing = true;
    // Taken first: once the server exits, its helpers are reparented and no longer its descendants.
    const helpers = [...new Set([...descendants(this.pid), ...groupMembers(this.pid)])];
    if (!this.#exit) {
      try {
        await this.request("shutdown", undefined, 1000);
        this.#conn.sendNotification("exit");
      } catch {}
      await this.#exited(1000);
    }
    killGroup(this.pid);
    for (const pid of helpers) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {}
    }
    await this.#exited(2000);
    await gone(helpers, 2000);
  }

  async #exited(timeoutMs: number): Promise<void> {
    if (this.#exit) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.#proc.once("exit", () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  async #initialize(options: LanguageClientOptions): Promise<void> {
    const rootUri = pathToUri(options.root);
    const result = await this.request<{ capabilities?: ServerCapabilities }>(
      "initialize",
      {
        processId: options.processId,
        clientInfo: { name: "@toolkit/lsp" },
        rootUri,
        rootPath: options.root,
        workspaceFolders: [{ uri: rootUri, name: "workspace" }],
        capabilities: CLIENT_CAPABILITIES,
        initializationOptions: options.initializationOptions,
      },
      options.startTimeoutMs ?? 30_000,
    );
    this.#capabilities = result?.capabilities ?? {};
    this.#conn.sendNotification("initialized", {});
    if (Object.keys(options.settings).length > 0) {
      this.#conn.sendNotification("workspace/didChangeConfiguration", { settings: options.settings });
    }
  }

  #onPublish(params: unknown): void {
    if (typeof params !== "object" || params === null) return;
    const { uri, version, diagnostics } = params as {
      uri?: unknown;
      version?: unknown;
      diagnostics?: unknown;
    };
    if (typeof uri !== "string" || !Array.isArray(diagnostics)) return;
    this.#seq += 1;
    this.#published.set(uri, {
      seq: this.#seq,
      version: typeof version === "number" ? version : undefined,
      diagnostics,
    });
    for (const wake of this.#waiters) wake();
  }

  #onServerRequest(method: string, params: unknown, options: LanguageClientOptions): unknown {
    if (method === "client/registerCapability") {
      const list = (params as { registrations?: { method?: unknown }[] } | undefined)?.registrations ?? [];
      for (const r of list) if (typeof r.method === "string") this.#registered.add(r.method);
      for (const wake of this.#waiters) wake();
      return null;
    }
    if (method === "workspace/configuration") {
      const items = (params as { items?: { section?: unknown }[] } | undefined)?.items ?? [];
      return items.map((item) =>
        typeof item.section === "string" ? (options.settings[item.section] ?? null) : null,
      );
    }
    if (method === "workspace/workspaceFolders") return [{ uri: pathToUri(this.root), name: "workspace" }];
    // Edits reach files through the fs write seam only (Rename), never at a server's request.
    if (method === "workspace/applyEdit")
      return { applied: false, failureReason: "this client applies no server edits" };
    // window/workDoneProgress/create, client/unregisterCapability, window/showMessageRequest, ...
    return null;
  }
}

/** A request to a server that has exited. */
export class ServerGoneError extends Error {
  override readonly name = "ServerGoneError";
  constructor(
    readonly serverId: string,
    readonly exit: ServerExit,
  ) {
    super(`the ${serverId} language server exited (${describeExit(exit)})`);
  }
}

/** A request the server did not answer in time. */
export class RequestTimeoutError extends Error {
  override readonly name = "RequestTimeoutError";
  constructor(
    readonly method: string,
    readonly timeoutMs: number,
  ) {
    super(`${method} got no answer within ${timeoutMs} ms`);
  }
}

/** `code 1` or `signal SIGKILL`. */
export function describeExit(exit: ServerExit): string {
  return exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`;
}

/** Waits until none of `pids` is alive, for at most `timeoutMs`. */
async function gone(pids: readonly number[], timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (pids.some(alive) && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
}

function killGroup(pid: number): void {
  if (pid <= 0) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {}
}
