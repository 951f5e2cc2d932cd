import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { markTempDir, releaseTempDir } from "../temp/owner-marker.js";
import { sweepOnceSoon } from "../temp/owned-temp-dir.js";
import { CONTEXT_ABORTED, LazySignal } from "./lazy-signal.js";
import { DROP_PROGRESS, type ProgressSink, sanitizeProgress, type ToolProgress } from "./progress.js";

/** A typed key for a context value, for values that have no class of their own. */
export interface ContextKey<T> {
  readonly description: string;
  /** Phantom field carrying the value type; never set. */
  readonly __type?: T;
}

/** Makes a typed context key. Keys compare by identity. */
export function createContextKey<T>(description: string): ContextKey<T> {
  return Object.freeze({ description });
}

// biome-ignore lint/suspicious/noExplicitAny: a constructor of any arity keys an extension.
type Class<T> = abstract new (...args: any[]) => T;

/** Everything a tool learns about the session that calls it. */
export interface ToolContext {
  /** Absolute working directory; the default workspace root. */
  readonly cwd: string;
  /** The session's id (a uuid v4 unless the host chose one). */
  readonly sessionId: string;
  /** The session's private scratch directory (created by `ensureTempDir()`). */
  readonly tempDir: string;
  /** True when no person can answer a prompt. */
  readonly isNonInteractive: boolean;
  /**
   * True when the host did not set `isNonInteractive` and it was guessed from
   * stdin (`!process.stdin.isTTY`). A tool the host gave its own way to reach
   * a person (`AskUser({ ask })`) asks anyway: a web server or a worker has no
   * TTY but may well have a human behind it. Absent means the host set it.
   */
  readonly isNonInteractiveGuessed?: boolean;
  /** Host data as a string map. */
  readonly userContext: Readonly<Record<string, string>>;
  /** Fires when the call or the session is cancelled. */
  readonly signal: AbortSignal;
  /** Stores a value keyed by its class (replacing any earlier one). */
  setExtension<T extends object>(value: T): void;
  /** The value stored for a class, if any. */
  getExtension<T>(cls: Class<T>): T | undefined;
  /** The value stored for a class, created by `create` on first use. */
  getOrCreateExtension<T extends object>(cls: Class<T>, create: () => T): T;
  /** Stores a value under a typed key. */
  set<T>(key: ContextKey<T>, value: T): void;
  /** The value under a typed key, if any. */
  get<T>(key: ContextKey<T>): T | undefined;
  /**
   * Creates `tempDir` (mode 0700) if needed, marks it as this process's (see
   * `sweepStaleTemp`) and returns its path. `dispose()` ends by removing the
   * folder when nothing but the mark is left in it; files left keep the mark,
   * so a sweep removes them once this process is gone.
   */
  ensureTempDir(): Promise<string>;
  /**
   * Reports progress of the running call: a human line, a fraction, and/or a
   * chunk of partial output. Fire-and-forget: it never throws, drops fields
   * of the wrong shape, and costs nothing when nobody listens. `dispatch`
   * (and the loop, MCP and adapters on top of it) rate-limits it per call.
   *
   * @example
   * ctx.progress({ message: "scanned 4,000 files", progress: 4000, total: 9000 });
   */
  progress(update: ToolProgress): void;
  /** True when a host listens to `progress` (a tool may skip building updates otherwise). */
  readonly hasProgressListener: boolean;
  /**
   * A context that shares everything with this one but the signal. A
   * `LazySignal` makes its AbortSignal only when the tool reads `signal`
   * (check with `contextAborted(ctx)` to avoid making it).
   */
  withSignal(signal: AbortSignal | LazySignal): ToolContext;
  /** A context that shares everything with this one but where `progress` goes (to `sink` only). */
  withProgress(sink: ProgressSink): ToolContext;
  /** Registers cleanup to run when the session ends; returns an unregister function. */
  onDispose(fn: () => void | Promise<void>): () => void;
  /** Runs every cleanup once, last registered first; errors are collected and rethrown together. */
  dispose(): Promise<void>;
}

/** Options for `createToolContext`; every one has a default. */
export interface ToolContextOptions {
  /** @default process.cwd() (made absolute) */
  cwd?: string;
  /** @default a fresh uuid v4 */
  sessionId?: string;
  /** @default `${os.tmpdir()}/toolkit-${sessionId}` */
  tempDir?: string;
  /**
   * @default `!process.stdin.isTTY`, marked as a guess (`isNonInteractiveGuessed`):
   * `AskUser` with an `ask` function asks unless this is set to `true` explicitly
   */
  isNonInteractive?: boolean;
  /** @default {} */
  userContext?: Record<string, string>;
  /** @default a signal that never fires */
  signal?: AbortSignal;
  /**
   * Receives the session's progress updates (sanitized; see `ToolProgress`).
   * A listener that throws is ignored. Calls made through `dispatch` are
   * rate-limited per call; a direct `tool.call(input, ctx)` is not.
   * @default none: updates are dropped
   */
  onProgress?: (update: ToolProgress) => void;
}

const SESSION_ID = /^[A-Za-z0-9._-]{1,128}$/;

interface Shared {
  extensions: Map<unknown, unknown>;
  disposers: Array<() => void | Promise<void>>;
  disposed: boolean;
  tempDirReady: Promise<string> | undefined;
}

/**
 * Builds a ToolContext. Throws a TypeError for an option of the wrong shape.
 *
 * @example
 * const ctx = createToolContext({ cwd: "/repo", signal: controller.signal });
 */
export function createToolContext(options: ToolContextOptions = {}): ToolContext {
  const { cwd = process.cwd(), sessionId = randomUUID() } = options;
  const isNonInteractiveGuessed = options.isNonInteractive === undefined;
  const isNonInteractive = options.isNonInteractive ?? !process.stdin.isTTY;
  if (typeof cwd !== "string" || cwd === "")
    throw new TypeError(`createToolContext: \`cwd\` must be a path, got ${show(cwd)}`);
  if (
    typeof sessionId !== "string" ||
    !SESSION_ID.test(sessionId) ||
    sessionId === "." ||
    sessionId === ".."
  ) {
    throw new TypeError(
      `createToolContext: \`sessionId\` must match ${SESSION_ID} (it names the temp directory), got ${show(sessionId)}`,
    );
  }
  const tempDir = options.tempDir ?? join(tmpdir(), `toolkit-${sessionId}`);
  if (typeof tempDir !== "string" || !isAbsolute(tempDir)) {
    throw new TypeError(`createToolContext: \`tempDir\` must be an absolute path, got ${show(tempDir)}`);
  }
  const userContext = { ...(options.userContext ?? {}) };
  for (const [k, v] of Object.entries(userContext)) {
    if (typeof v !== "string") {
      throw new TypeError(`createToolContext: \`userContext.${k}\` must be a string, got ${show(v)}`);
    }
  }
  const { onProgress } = options;
  if (onProgress !== undefined && typeof onProgress !== "function") {
    throw new TypeError(`createToolContext: \`onProgress\` must be a function, got ${show(onProgress)}`);
  }
  const shared: Shared = { extensions: new Map(), disposers: [], disposed: false, tempDirReady: undefined };
  return build(
    {
      cwd: resolve(cwd),
      sessionId,
      tempDir,
      isNonInteractive,
      isNonInteractiveGuessed,
      userContext: Object.freeze(userContext),
      signal: options.signal ?? new AbortController().signal,
      progressSink: onProgress === undefined ? DROP_PROGRESS : guardedListener(onProgress),
    },
    shared,
  );
}

/** The host's listener behind sanitizing, and with its errors swallowed. */
function guardedListener(listener: (update: ToolProgress) => void): ProgressSink {
  return (raw) => {
    const update = sanitizeProgress(raw);
    if (update === undefined) return;
    try {
      listener(update);
    } catch {
      // Fire-and-forget: a listener's failure is not the tool's.
    }
  };
}

type Fields = Pick<ToolContext, "cwd" | "sessionId" | "tempDir" | "isNonInteractive" | "userContext"> & {
  readonly signal: AbortSignal | LazySignal;
  readonly isNonInteractiveGuessed: boolean;
  readonly progressSink: ProgressSink;
};

function build(fields: Fields, shared: Shared): ToolContext {
  return new SessionContext(fields, shared);
}

/**
 * The ToolContext implementation. Methods live on the prototype, so deriving
 * a context per call (`withSignal`, used by the timeout layer) costs one
 * small object, not a closure per method.
 */
class SessionContext implements ToolContext {
  readonly cwd: string;
  readonly sessionId: string;
  readonly tempDir: string;
  readonly isNonInteractive: boolean;
  readonly isNonInteractiveGuessed: boolean;
  readonly userContext: Readonly<Record<string, string>>;
  readonly #signal: AbortSignal | LazySignal;
  readonly #shared: Shared;
  readonly #progress: ProgressSink;

  constructor(fields: Fields, shared: Shared) {
    this.cwd = fields.cwd;
    this.sessionId = fields.sessionId;
    this.tempDir = fields.tempDir;
    this.isNonInteractive = fields.isNonInteractive;
    this.isNonInteractiveGuessed = fields.isNonInteractiveGuessed;
    this.userContext = fields.userContext;
    this.#signal = fields.signal;
    this.#shared = shared;
    this.#progress = fields.progressSink;
  }

  get signal(): AbortSignal {
    const source = this.#signal;
    return source instanceof LazySignal ? source.signal : source;
  }
  [CONTEXT_ABORTED](): boolean {
    return this.#signal.aborted;
  }
  get hasProgressListener(): boolean {
    return this.#progress !== DROP_PROGRESS;
  }
  progress(update: ToolProgress): void {
    try {
      this.#progress(update);
    } catch {
      // Never throws, whatever the sink does.
    }
  }

  setExtension<T extends object>(value: T): void {
    if (value === null || typeof value !== "object")
      throw new TypeError("setExtension: the value must be an object");
    this.#shared.extensions.set(value.constructor, value);
  }
  getExtension<T>(cls: Class<T>): T | undefined {
    return this.#shared.extensions.get(cls) as T | undefined;
  }
  getOrCreateExtension<T extends object>(cls: Class<T>, create: () => T): T {
    let value = this.#shared.extensions.get(cls) as T | undefined;
    if (value === undefined) {
      value = create();
      this.#shared.extensions.set(cls, value);
    }
    return value;
  }
  set<T>(key: ContextKey<T>, value: T): void {
    this.#shared.extensions.set(key, value);
  }
  get<T>(key: ContextKey<T>): T | undefined {
    return this.#shared.extensions.get(key) as T | undefined;
  }
  ensureTempDir(): Promise<string> {
    const shared = this.#shared;
    const dir = this.tempDir;
    // The marker names this process, so a sweep after a crash can tell the folder is stale.
    shared.tempDirReady ??= markTempDir(dir).then(
      () => {
        shared.disposers.unshift(() => releaseTempDir(dir));
        sweepOnceSoon(dir);
        return dir;
      },
      (error: unknown) => {
        shared.tempDirReady = undefined;
        throw error;
      },
    );
    return shared.tempDirReady;
  }
  withSignal(signal: AbortSignal | LazySignal): ToolContext {
    return this.#derive(signal, this.#progress);
  }
  withProgress(sink: ProgressSink): ToolContext {
    if (typeof sink !== "function") throw new TypeError("withProgress: the sink must be a function");
    return this.#derive(this.#signal, sink);
  }
  #derive(signal: AbortSignal | LazySignal, progressSink: ProgressSink): ToolContext {
    const { cwd, sessionId, tempDir, isNonInteractive, isNonInteractiveGuessed, userContext } = this;
    return new SessionContext(
      {
        cwd,
        sessionId,
        tempDir,
        isNonInteractive,
        isNonInteractiveGuessed,
        userContext,
        signal,
        progressSink,
      },
      this.#shared,
    );
  }
  onDispose(fn: () => void | Promise<void>): () => void {
    const { disposers } = this.#shared;
    disposers.push(fn);
    return () => {
      const i = disposers.indexOf(fn);
      if (i >= 0) disposers.splice(i, 1);
    };
  }
  async dispose(): Promise<void> {
    const shared = this.#shared;
    if (shared.disposed) return;
    shared.disposed = true;
    const errors: unknown[] = [];
    for (const fn of shared.disposers.splice(0).reverse()) {
      try {
        await fn();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) throw new AggregateError(errors, "ToolContext.dispose: several cleanups failed");
  }
}

function show(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value) : typeof value;
}
