import {
  type AcquireOptions,
  checkRunId,
  leaseHeldError,
  leaseIsLive,
  leaseLostError,
  parseRunState,
  type RunLease,
  type RunState,
  type RunStore,
} from "@toolkit/loop";
import type { Redis } from "ioredis";
import { closeRedis, connectionOptions, openRedis, type QueueConnection } from "../shared/connection.js";

/** Options of `new RedisRunStore(...)`. */
export interface RedisRunStoreOptions {
  /** The Redis the queue uses: connection options or an ioredis client (the store opens its own connection). */
  connection: QueueConnection;
  /** The prefix of the store's keys. @default "toolkit:run" */
  prefix?: string;
  /** How long a finished or abandoned run's state is kept. @default 7 days */
  retentionMs?: number;
}

/**
 * A RunStore on the Redis `@toolkit/queue` uses, so a run paused on one
 * machine resumes on any other: `<prefix>:<id>:state` holds the state as
 * JSON, `<prefix>:<id>:lease` the lease (it expires with it). Each change
 * checks the lease in a WATCH/MULTI transaction, so two processes resuming
 * the same run at once cannot both win.
 *
 * @example
 * const store = new RedisRunStore({ connection: { host: "127.0.0.1", port: 6379 } });
 * const loop = new BareLoop({ model, registry, store });
 */
export class RedisRunStore implements RunStore {
  readonly #redis: Redis;
  readonly #prefix: string;
  readonly #retentionMs: number;
  // WATCH is per connection: this store's operations go one at a time.
  #chain: Promise<unknown> = Promise.resolve();

  constructor({
    connection,
    prefix = "toolkit:run",
    retentionMs = 7 * 24 * 3_600_000,
  }: RedisRunStoreOptions) {
    this.#redis = openRedis(connectionOptions(connection, "RedisRunStore"));
    this.#prefix = prefix;
    this.#retentionMs = retentionMs;
  }

  async acquire(runId: string, { owner, ttlMs }: AcquireOptions): Promise<RunLease> {
    checkRunId(runId);
    return this.#watched(runId, async (held) => {
      if (held && held.owner !== owner && leaseIsLive(held)) throw leaseHeldError(runId, held);
      const lease = { runId, owner, expiresAt: Date.now() + ttlMs };
      return {
        value: lease,
        write: (m) => m.set(this.#key(runId, "lease"), JSON.stringify(lease), "PX", ttlMs),
      };
    });
  }

  async renew(lease: RunLease, ttlMs: number): Promise<RunLease> {
    return this.#watched(lease.runId, async (held) => {
      if (held?.owner !== lease.owner) throw leaseLostError(lease, held);
      const renewed = { ...lease, expiresAt: Date.now() + ttlMs };
      return {
        value: renewed,
        write: (m) => m.set(this.#key(lease.runId, "lease"), JSON.stringify(renewed), "PX", ttlMs),
      };
    });
  }

  async release(lease: RunLease): Promise<void> {
    await this.#watched(lease.runId, async (held) => ({
      value: undefined,
      write: (m) => (held?.owner === lease.owner ? m.del(this.#key(lease.runId, "lease")) : m),
    }));
  }

  async save(state: RunState, lease: RunLease): Promise<void> {
    if (state.runId !== lease.runId) {
      throw new TypeError(
        `RedisRunStore.save: the lease is for run ${lease.runId}, the state is run ${state.runId}`,
      );
    }
    const text = JSON.stringify(state);
    await this.#watched(lease.runId, async (held) => {
      if (held?.owner !== lease.owner) throw leaseLostError(lease, held);
      return {
        value: undefined,
        write: (m) => m.set(this.#key(lease.runId, "state"), text, "PX", this.#retentionMs),
      };
    });
  }

  async load(runId: string): Promise<RunState | undefined> {
    const text = await this.#serial(() => this.#redis.get(this.#key(checkRunId(runId), "state")));
    return text === null ? undefined : parseRunState(text);
  }

  async delete(runId: string): Promise<boolean> {
    checkRunId(runId);
    const removed = await this.#serial(() =>
      this.#redis.del(this.#key(runId, "state"), this.#key(runId, "lease")),
    );
    return removed > 0;
  }

  /** Closes the store's connection. */
  async close(): Promise<void> {
    await this.#chain.catch(() => {});
    await closeRedis(this.#redis);
  }

  #key(runId: string, part: "state" | "lease"): string {
    return `${this.#prefix}:${runId}:${part}`;
  }

  #serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.#chain.then(fn, fn);
    this.#chain = next.catch(() => {});
    return next;
  }

  /** Reads the lease under WATCH, lets `decide` check it, and applies its write unless the lease changed meanwhile. */
  #watched<T>(
    runId: string,
    decide: (held: RunLease | undefined) => Promise<{ value: T; write: (m: Multi) => Multi }>,
  ): Promise<T> {
    return this.#serial(async () => {
      const key = this.#key(runId, "lease");
      for (;;) {
        await this.#redis.watch(key);
        let outcome: { value: T; write: (m: Multi) => Multi };
        try {
          const text = await this.#redis.get(key);
          outcome = await decide(text === null ? undefined : (JSON.parse(text) as RunLease));
        } catch (error) {
          await this.#redis.unwatch();
          throw error;
        }
        const done = await outcome.write(this.#redis.multi()).exec();
        if (done !== null) return outcome.value;
      }
    });
  }
}

type Multi = ReturnType<Redis["multi"]>;
