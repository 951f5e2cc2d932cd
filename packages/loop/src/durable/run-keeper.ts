import { redactState } from "./redact-state.js";
import type { RunState } from "./run-state.js";
import { leaseOwner, type RunLease, type RunStore } from "./run-store.js";

/**
 * Holds a run's lease in a store while the run goes on: renews it every
 * third of its life, saves the state one write at a time, and gives the
 * lease up at the end.
 */
export class RunKeeper {
  readonly #store: RunStore;
  readonly #leaseMs: number;
  #lease: RunLease;
  #timer: ReturnType<typeof setInterval>;
  #chain: Promise<void> = Promise.resolve();
  #lost: unknown;
  readonly #redact: boolean;

  private constructor(store: RunStore, lease: RunLease, leaseMs: number, redactOutputs: boolean) {
    this.#redact = redactOutputs;
    this.#store = store;
    this.#lease = lease;
    this.#leaseMs = leaseMs;
    this.#timer = setInterval(
      () => {
        this.#chain = this.#chain.then(async () => {
          try {
            this.#lease = await this.#store.renew(this.#lease, this.#leaseMs);
          } catch (error) {
            this.#lost = error;
          }
        });
      },
      Math.max(1, Math.floor(leaseMs / 3)),
    );
    this.#timer.unref();
  }

  /** Takes the run's lease (rejects with `RunLeaseError` while another process holds it). */
  static async take(
    store: RunStore,
    runId: string,
    { leaseMs, redactOutputs }: { leaseMs: number; redactOutputs: boolean },
  ): Promise<RunKeeper> {
    const lease = await store.acquire(runId, { owner: leaseOwner(), ttlMs: leaseMs });
    return new RunKeeper(store, lease, leaseMs, redactOutputs);
  }

  /** Saves the state (after the writes before it); rejects when the lease was lost. */
  readonly persist = (state: RunState): Promise<void> => {
    const text = JSON.stringify(this.#redact ? redactState(state) : state);
    const next = this.#chain.then(async () => {
      if (this.#lost !== undefined) throw this.#lost;
      await this.#store.save(JSON.parse(text) as RunState, this.#lease);
    });
    this.#chain = next.catch(() => {});
    return next;
  };

  /** Stops renewing and releases the lease once the pending writes are done. */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.#chain;
    await this.#store.release(this.#lease).catch(() => {});
  }
}
