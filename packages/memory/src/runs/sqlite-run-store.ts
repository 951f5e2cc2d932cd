import { closeSync, openSync } from "node:fs";
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
import Database from "better-sqlite3";

/** Options of `SqliteRunStore.open`. */
export interface SqliteRunStoreOptions {
  /** How long a write waits for another process's transaction. @default 5000 */
  busyTimeoutMs?: number;
}

interface LeaseRow {
  owner: string;
  expires_at: number;
}

/**
 * A RunStore in a SQLite file (its own file, created readable by its owner
 * only): one row per run holding its state as JSON, and one lease row per
 * run. Lease changes and saves are `BEGIN IMMEDIATE` transactions, so two
 * processes resuming the same run at once cannot both win.
 *
 * @example
 * const store = SqliteRunStore.open("runs.db");
 * const loop = new BareLoop({ model, registry, store, approvals: "interrupt" });
 * await loop.resumeRun(runId);
 */
export class SqliteRunStore implements RunStore {
  readonly #db: Database.Database;

  private constructor(db: Database.Database) {
    this.#db = db;
  }

  /** Opens (or creates, mode 0600) the store at `path`. */
  static open(path: string, { busyTimeoutMs = 5_000 }: SqliteRunStoreOptions = {}): SqliteRunStore {
    if (typeof path !== "string" || path === "") {
      throw new TypeError(`SqliteRunStore.open: \`path\` must be a file path, got ${JSON.stringify(path)}`);
    }
    if (path !== ":memory:") {
      try {
        closeSync(openSync(path, "wx", 0o600));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
    }
    const db = new Database(path);
    try {
      db.pragma(`busy_timeout = ${busyTimeoutMs}`);
      if (path !== ":memory:") db.pragma("journal_mode = WAL");
      db.exec(`
        CREATE TABLE IF NOT EXISTS toolkit_runs (id TEXT PRIMARY KEY, state TEXT NOT NULL, updated_at INTEGER NOT NULL);
        CREATE TABLE IF NOT EXISTS toolkit_run_leases (id TEXT PRIMARY KEY, owner TEXT NOT NULL, expires_at INTEGER NOT NULL);
      `);
    } catch (error) {
      db.close();
      throw error;
    }
    return new SqliteRunStore(db);
  }

  async acquire(runId: string, { owner, ttlMs }: AcquireOptions): Promise<RunLease> {
    checkRunId(runId);
    return this.#immediate(() => {
      const held = this.#lease(runId);
      if (held && held.owner !== owner && leaseIsLive(held)) throw leaseHeldError(runId, held);
      const lease = { runId, owner, expiresAt: Date.now() + ttlMs };
      this.#db
        .prepare("INSERT OR REPLACE INTO toolkit_run_leases (id, owner, expires_at) VALUES (?, ?, ?)")
        .run(runId, owner, lease.expiresAt);
      return lease;
    });
  }

  async renew(lease: RunLease, ttlMs: number): Promise<RunLease> {
    return this.#immediate(() => {
      this.#check(lease);
      const renewed = { ...lease, expiresAt: Date.now() + ttlMs };
      this.#db
        .prepare("UPDATE toolkit_run_leases SET expires_at = ? WHERE id = ?")
        .run(renewed.expiresAt, lease.runId);
      return renewed;
    });
  }

  async release(lease: RunLease): Promise<void> {
    this.#db
      .prepare("DELETE FROM toolkit_run_leases WHERE id = ? AND owner = ?")
      .run(lease.runId, lease.owner);
  }

  async save(state: RunState, lease: RunLease): Promise<void> {
    if (state.runId !== lease.runId) {
      throw new TypeError(
        `SqliteRunStore.save: the lease is for run ${lease.runId}, the state is run ${state.runId}`,
      );
    }
    const text = JSON.stringify(state);
    this.#immediate(() => {
      this.#check(lease);
      this.#db
        .prepare("INSERT OR REPLACE INTO toolkit_runs (id, state, updated_at) VALUES (?, ?, ?)")
        .run(lease.runId, text, Date.now());
    });
  }

  async load(runId: string): Promise<RunState | undefined> {
    const row = this.#db.prepare("SELECT state FROM toolkit_runs WHERE id = ?").get(checkRunId(runId)) as
      | { state: string }
      | undefined;
    return row ? parseRunState(row.state) : undefined;
  }

  async delete(runId: string): Promise<boolean> {
    checkRunId(runId);
    return this.#immediate(() => {
      this.#db.prepare("DELETE FROM toolkit_run_leases WHERE id = ?").run(runId);
      return this.#db.prepare("DELETE FROM toolkit_runs WHERE id = ?").run(runId).changes > 0;
    });
  }

  /** Closes the database. */
  close(): void {
    this.#db.close();
  }

  #lease(runId: string): { owner: string; expiresAt: number } | undefined {
    const row = this.#db
      .prepare("SELECT owner, expires_at FROM toolkit_run_leases WHERE id = ?")
      .get(runId) as LeaseRow | undefined;
    return row ? { owner: row.owner, expiresAt: row.expires_at } : undefined;
  }

  #check(lease: RunLease): void {
    const held = this.#lease(lease.runId);
    if (held?.owner !== lease.owner) throw leaseLostError(lease, held);
  }

  #immediate<T>(fn: () => T): T {
    return this.#db.transaction(fn).immediate();
  }
}
