import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { createToolContext, type ToolContext } from "@toolkit/core";

/** Options for a LoopSession. */
export interface LoopSessionOptions {
  cwd?: string | undefined;
  sessionId?: string | undefined;
  isNonInteractive?: boolean | undefined;
  userContext?: Record<string, string> | undefined;
}

/**
 * A loop's session: the tool context shared by every run, its temp dir
 * (`{base}/toolkit-{sessionId}/`, created when the first run starts and
 * removed on dispose unless managing it is disabled) and its cleanup.
 */
export class LoopSession {
  readonly sessionId: string;
  readonly #options: LoopSessionOptions;
  readonly #abort = new AbortController();
  #tempBase: string | undefined;
  #managed = true;
  #ctx: ToolContext | undefined;
  #disposed = false;

  constructor(options: LoopSessionOptions) {
    this.#options = options;
    this.sessionId = options.sessionId ?? randomUUID();
  }

  /** Fires when the session is disposed (ends any run in progress). */
  get signal(): AbortSignal {
    return this.#abort.signal;
  }
  get disposed(): boolean {
    return this.#disposed;
  }
  /** The context, once the first run started. */
  get ctx(): ToolContext | undefined {
    return this.#ctx;
  }
  get managed(): boolean {
    return this.#managed;
  }

  setTempBase(base: string): void {
    this.#unstarted("withTempDir");
    if (typeof base !== "string" || base === "") {
      throw new TypeError(
        `BareLoop.withTempDir: \`base\` must be a directory path, got ${JSON.stringify(base)}`,
      );
    }
    this.#tempBase = base;
  }

  disableManagedTemp(): void {
    this.#unstarted("withManagedTempDisabled");
    this.#managed = false;
  }

  /** The context, created (with its temp dir when managed) on first use. */
  async start(): Promise<ToolContext> {
    if (this.#disposed) throw new Error("BareLoop: the loop was disposed; create a new one");
    if (!this.#ctx) {
      const { cwd, isNonInteractive, userContext } = this.#options;
      this.#ctx = createToolContext({
        sessionId: this.sessionId,
        signal: this.#abort.signal,
        ...(cwd === undefined ? {} : { cwd }),
        ...(isNonInteractive === undefined ? {} : { isNonInteractive }),
        ...(userContext === undefined ? {} : { userContext }),
        ...(this.#tempBase === undefined
          ? {}
          : { tempDir: join(this.#tempBase, `toolkit-${this.sessionId}`) }),
      });
    }
    if (this.#managed) await this.#ctx.ensureTempDir();
    return this.#ctx;
  }

  /**
   * Ends the session once: aborts a run in progress, runs the cleanups tools
   * registered with `ctx.onDispose` (background jobs), then removes the temp
   * dir when managed. Cleanup errors are rethrown after the dir is removed.
   */
  async dispose(): Promise<void> {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#abort.abort(new Error("BareLoop disposed"));
    const ctx = this.#ctx;
    if (!ctx) return;
    let failure: unknown;
    try {
      await ctx.dispose();
    } catch (error) {
      failure = error;
    }
    if (this.#managed) await rm(ctx.tempDir, { recursive: true, force: true });
    if (failure !== undefined) throw failure;
  }

  #unstarted(method: string): void {
    if (this.#ctx || this.#disposed) {
      throw new Error(`BareLoop.${method}: call it before the first run`);
    }
  }
}
