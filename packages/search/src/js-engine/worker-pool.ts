import { join } from "node:path";
import type { Worker } from "node:worker_threads";
import { ToolError } from "@toolkit/core";
import type { FileOutcome, ScanSettings } from "./scan-file.js";
import { startWorker } from "./start-worker.js";
import type { WorkerReply } from "./worker-protocol.js";

/** Where a pool's outcomes go, and when it must stop. */
export interface PoolSink {
  readonly request: { readonly root: string };
  readonly signal: AbortSignal;
  readonly stopped: boolean;
  record(relative: string, outcome: FileOutcome): void;
}

/** Worker threads fed batches of paths; the least busy worker gets the next batch. */
export class Pool {
  readonly #workers: Worker[] = [];
  readonly #load = new Map<Worker, number>();
  readonly #batches = new Map<number, readonly string[]>();
  readonly #run: PoolSink;
  #nextId = 0;
  #failure: unknown;
  #idle: (() => void) | undefined;
  readonly #onAbort = (): void => this.#idle?.();

  constructor(size: number, settings: ScanSettings, run: PoolSink) {
    this.#run = run;
    for (let i = 0; i < size; i++) {
      const worker = startWorker(settings);
      worker.on("message", (reply: WorkerReply) => this.#onReply(worker, reply));
      worker.on("error", (error) => {
        this.#failure ??= error;
        this.#idle?.();
      });
      this.#workers.push(worker);
      this.#load.set(worker, 0);
    }
    run.signal.addEventListener("abort", this.#onAbort, { once: true });
  }

  submit(relatives: readonly string[]): void {
    const id = this.#nextId++;
    this.#batches.set(id, relatives);
    const worker = [...this.#load].sort((a, b) => a[1] - b[1])[0]?.[0] as Worker;
    this.#load.set(worker, (this.#load.get(worker) ?? 0) + 1);
    worker.postMessage({ id, paths: relatives.map((r) => join(this.#run.request.root, r)) });
  }

  #onReply(worker: Worker, reply: WorkerReply): void {
    this.#load.set(worker, (this.#load.get(worker) ?? 1) - 1);
    const relatives = this.#batches.get(reply.id) ?? [];
    this.#batches.delete(reply.id);
    reply.outcomes.forEach((outcome, i) => {
      this.#run.record(relatives[i] as string, outcome);
    });
    if (this.#batches.size === 0 || this.#run.stopped) this.#idle?.();
  }

  /** Resolves when every batch is answered, the cap is reached, or the signal fires. */
  async drain(): Promise<void> {
    while (this.#batches.size > 0 && !this.#run.stopped && this.#failure === undefined) {
      await new Promise<void>((resolve) => {
        this.#idle = resolve;
      });
    }
    if (this.#failure !== undefined && !this.#run.stopped) {
      throw ToolError.execution(`a search worker failed (${String(this.#failure)})`, {
        cause: this.#failure,
      });
    }
  }

  async close(): Promise<void> {
    this.#run.signal.removeEventListener("abort", this.#onAbort);
    await Promise.all(this.#workers.map((w) => w.terminate()));
  }
}
