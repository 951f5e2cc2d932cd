import { randomUUID } from "node:crypto";
import { mkdir, open, readFile, rename, rm, rmdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { parseRunState, type RunState } from "./run-state.js";
import {
  type AcquireOptions,
  checkRunId,
  leaseHeldError,
  leaseIsLive,
  leaseLostError,
  type RunLease,
  type RunStore,
} from "./run-store.js";

/** Options of `new FileRunStore(...)`. */
export interface FileRunStoreOptions {
  /** The directory holding `<runId>.json` and `<runId>.lease` (created, mode 0700). */
  dir: string;
  /** A lock left by a process that died mid-update is broken after this long. @default 10000 */
  staleLockMs?: number;
}

/**
 * A RunStore in a directory: one JSON file per run, written atomically
 * (a temp file renamed over it) and readable by its owner only (0600), and
 * a lease file beside it. Lease changes happen under a lock directory, so
 * two processes resuming the same run at once cannot both win.
 *
 * @example
 * const store = new FileRunStore({ dir: ".runs" });
 * const loop = new BareLoop({ model, registry, store, approvals: "interrupt" });
 */
export class FileRunStore implements RunStore {
  readonly #dir: string;
  readonly #staleLockMs: number;

  constructor({ dir, staleLockMs = 10_000 }: FileRunStoreOptions) {
    if (typeof dir !== "string" || dir === "") {
      throw new TypeError(`FileRunStore: \`dir\` must be a directory path, got ${JSON.stringify(dir)}`);
    }
    this.#dir = dir;
    this.#staleLockMs = staleLockMs;
  }

  async acquire(runId: string, { owner, ttlMs }: AcquireOptions): Promise<RunLease> {
    checkRunId(runId);
    return this.#locked(runId, async () => {
      const held = await this.#lease(runId);
      if (held && held.owner !== owner && leaseIsLive(held)) {
        throw leaseHeldError(runId, held);
      }
      const lease = { runId, owner, expiresAt: Date.now() + ttlMs };
      await this.#write(this.#path(runId, "lease"), JSON.stringify(lease));
      return lease;
    });
  }

  async renew(lease: RunLease, ttlMs: number): Promise<RunLease> {
    return this.#locked(lease.runId, async () => {
      await this.#check(lease);
      const renewed = { ...lease, expiresAt: Date.now() + ttlMs };
      await this.#write(this.#path(lease.runId, "lease"), JSON.stringify(renewed));
      return renewed;
    });
  }

  async release(lease: RunLease): Promise<void> {
    await this.#locked(lease.runId, async () => {
      const held = await this.#lease(lease.runId);
      if (held?.owner === lease.owner) await rm(this.#path(lease.runId, "lease"), { force: true });
    });
  }

  async save(state: RunState, lease: RunLease): Promise<void> {
    if (state.runId !== lease.runId) {
      throw new TypeError(
        `FileRunStore.save: the lease is for run ${lease.runId}, the state is run ${state.runId}`,
      );
    }
    const text = JSON.stringify(state);
    await this.#locked(lease.runId, async () => {
      await this.#check(lease);
      await this.#write(this.#path(lease.runId, "json"), text);
    });
  }

  async load(runId: string): Promise<RunState | undefined> {
    let text: string;
    try {
      text = await readFile(this.#path(checkRunId(runId), "json"), "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    return parseRunState(text);
  }

  async delete(runId: string): Promise<boolean> {
    checkRunId(runId);
    return this.#locked(runId, async () => {
      const existed = await stat(this.#path(runId, "json")).then(
        () => true,
        () => false,
      );
      await rm(this.#path(runId, "json"), { force: true });
      await rm(this.#path(runId, "lease"), { force: true });
      return existed;
    });
  }

  #path(runId: string, ext: "json" | "lease"): string {
    return join(this.#dir, `${runId}.${ext}`);
  }

  async #check(lease: RunLease): Promise<void> {
    const held = await this.#lease(lease.runId);
    if (held?.owner !== lease.owner) throw leaseLostError(lease, held);
  }

  async #lease(runId: string): Promise<RunLease | undefined> {
    try {
      const value = JSON.parse(await readFile(this.#path(runId, "lease"), "utf8")) as RunLease;
      return typeof value.owner === "string" && typeof value.expiresAt === "number" ? value : undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  /** Writes a file owner-only and atomically: a private temp file renamed over the target. */
  async #write(path: string, text: string): Promise<void> {
    const temp = `${path}.${randomUUID()}.tmp`;
    const handle = await open(temp, "wx", 0o600);
    try {
      await handle.writeFile(text, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  /** Runs `fn` holding the run's lock directory (mkdir is atomic); breaks a lock older than `staleLockMs`. */
  async #locked<T>(runId: string, fn: () => Promise<T>): Promise<T> {
    await mkdir(this.#dir, { recursive: true, mode: 0o700 });
    const lock = join(this.#dir, `${runId}.lock`);
    for (let attempt = 0; ; attempt++) {
      try {
        await mkdir(lock);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        const age = await stat(lock).then(
          (s) => Date.now() - s.mtimeMs,
          () => 0,
        );
        if (age > this.#staleLockMs) await rmdir(lock).catch(() => {});
        else await new Promise((resolve) => setTimeout(resolve, Math.min(2 + attempt, 25)));
      }
    }
    try {
      return await fn();
    } finally {
      await rmdir(lock).catch(() => {});
    }
  }
}
