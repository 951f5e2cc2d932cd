/**
 * An abort signal made only when someone asks for it. Reading `.signal` of
 * a fresh AbortController costs about 2 µs on Node 20, more than the rest of
 * a dispatched call: a layer that derives a signal per call (the timeout
 * layer) hands the tool a `LazySignal`, and most tools never read it.
 */
export class LazySignal {
  #controller: AbortController | undefined;
  #aborted = false;
  #reason: unknown;

  /** True once `abort` was called; reading it makes no signal. */
  get aborted(): boolean {
    return this.#aborted;
  }

  /** Why it was aborted, if it was. */
  get reason(): unknown {
    return this.#reason;
  }

  /** The real signal, made on first read (already aborted when `abort` came first). */
  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#aborted) this.#controller.abort(this.#reason);
    }
    return this.#controller.signal;
  }

  /** Aborts, once: later calls are ignored. */
  abort(reason?: unknown): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason;
    this.#controller?.abort(reason);
  }
}

/** The key of the cheap aborted check a context may offer (see `contextAborted`). */
export const CONTEXT_ABORTED: unique symbol = Symbol.for("toolkit.context.aborted");

/**
 * `ctx.signal.aborted`, without making a lazy signal that nobody read yet.
 * A context wrapper forwards it by defining `[CONTEXT_ABORTED]()` to return
 * `contextAborted(base)`.
 */
export function contextAborted(ctx: { readonly signal: AbortSignal }): boolean {
  const cheap = (ctx as { [CONTEXT_ABORTED]?: () => boolean })[CONTEXT_ABORTED];
  return typeof cheap === "function" ? cheap.call(ctx) : ctx.signal.aborted;
}
