import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { RunState } from "./run-state.js";

/** The right to run one run for a while: held by one process, renewed as it goes. */
export interface RunLease {
  readonly runId: string;
  /** Who holds it (a random id per `BareLoop` run). */
  readonly owner: string;
  /** Epoch milliseconds after which another process may take the run over. */
  readonly expiresAt: number;
}

/** Options of `RunStore.acquire`. */
export interface AcquireOptions {
  readonly owner: string;
  /** How long the lease lasts unless renewed. */
  readonly ttlMs: number;
}

/**
 * Where durable runs are kept: one state per run id, and a lease so that a
 * run is continued by one process at a time. The loop saves after every
 * reply, when each call starts and ends, and after every turn.
 */
export interface RunStore {
  /** Takes the run's lease; rejects with `RunLeaseError` while another owner's lease is live. */
  acquire(runId: string, options: AcquireOptions): Promise<RunLease>;
  /** Extends a lease this owner holds; rejects with `RunLeaseError` when it was lost. */
  renew(lease: RunLease, ttlMs: number): Promise<RunLease>;
  /** Gives the lease up (no error when it already expired or was taken). */
  release(lease: RunLease): Promise<void>;
  /** Replaces the run's state; rejects with `RunLeaseError` unless `lease` is still the run's lease. */
  save(state: RunState, lease: RunLease): Promise<void>;
  /** The run's state as saved (validated), or undefined for an unknown id. */
  load(runId: string): Promise<RunState | undefined>;
  /** Removes the run and its lease; true when it existed. */
  delete(runId: string): Promise<boolean>;
}

/** A run held by another process, or a lease that was lost. */
export class RunLeaseError extends Error {
  override readonly name = "RunLeaseError";
  readonly runId: string;
  /** The live lease's owner, when known. */
  readonly holder: string | undefined;
  readonly expiresAt: number | undefined;

  constructor(message: string, options: { runId: string; holder?: string; expiresAt?: number }) {
    super(message);
    this.runId = options.runId;
    this.holder = options.holder;
    this.expiresAt = options.expiresAt;
  }
}

function heldMessage(runId: string, holder: string, expiresAt: number): string {
  return `run ${runId} is being run by another process (lease ${holder} until ${new Date(expiresAt).toISOString()}); try again after it ends or the lease expires`;
}

/** The error for a save or renew whose lease was lost (`held`: the run's lease now, if any). */
export function leaseLostError(
  lease: RunLease,
  held: { owner: string; expiresAt: number } | undefined,
): RunLeaseError {
  return new RunLeaseError(
    `run ${lease.runId}: the lease of ${lease.owner} was lost${held ? ` to ${held.owner}` : ""} (it expired and another process took the run)`,
    { runId: lease.runId, ...(held ? { holder: held.owner, expiresAt: held.expiresAt } : {}) },
  );
}

/** The error for a run another owner holds. */
export function leaseHeldError(runId: string, held: { owner: string; expiresAt: number }): RunLeaseError {
  return new RunLeaseError(heldMessage(runId, held.owner, held.expiresAt), {
    runId,
    holder: held.owner,
    expiresAt: held.expiresAt,
  });
}

const RUN_ID = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/** Checks a run id used as a key or a file name: 1-128 of `A-Z a-z 0-9 . _ -`, not starting with a dot. */
export function checkRunId(runId: unknown): string {
  if (typeof runId !== "string" || !RUN_ID.test(runId)) {
    throw new TypeError(
      `RunStore: \`runId\` must be 1-128 characters of A-Z, a-z, 0-9, '.', '_' or '-', not starting with '.', got ${JSON.stringify(runId)}`,
    );
  }
  return runId;
}

/** The owner id of a lease taken by this process: host, pid and a random part. */
export function leaseOwner(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/**
 * True while a lease blocks other owners: it has not expired, and its holder
 * is not a process on this host that has exited (a crashed run is taken over
 * at once on the machine it ran on, elsewhere once its lease expires).
 */
export function leaseIsLive(lease: { owner: string; expiresAt: number }, now = Date.now()): boolean {
  if (lease.expiresAt <= now) return false;
  const [host, pid] = lease.owner.split(":");
  if (host !== hostname() || pid === undefined || !/^\d+$/.test(pid)) return true;
  if (Number(pid) === process.pid) return true;
  try {
    process.kill(Number(pid), 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
