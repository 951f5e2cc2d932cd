/** What the table needs of a session. */
export interface TableEntry {
  /** Ends the session; the table has already forgotten it. */
  close(): Promise<void>;
}

interface Slot<T> {
  readonly entry: T;
  lastSeenMs: number;
  open: number;
}

/** `Retry-After` at the cap while every session has a request open (one may end any time). */
export const BUSY_RETRY_AFTER_S = 5;

/** Limits of a SessionTable. */
export interface SessionTableOptions {
  /** The most live sessions; at the cap a valid `initialize` may close the longest-idle one. */
  maxSessions: number;
  /** A session with no open request for this long is closed. */
  idleTimeoutMs: number;
  /** The clock, in milliseconds. @default performance.now */
  now?: () => number;
}

/**
 * The live sessions of an HTTP endpoint, with their activity: how many
 * requests each has open (a notification stream counts) and when it last
 * had none. Sessions idle past `idleTimeoutMs` are closed by `sweep()`; at
 * `maxSessions`, `evictIdlest()` closes the session idle the longest, and
 * finds none when every session is busy.
 */
export class SessionTable<T extends TableEntry> {
  readonly #slots = new Map<string, Slot<T>>();
  readonly #max: number;
  readonly #idleMs: number;
  readonly #now: () => number;
  #reserved = 0;

  constructor({ maxSessions, idleTimeoutMs, now = () => performance.now() }: SessionTableOptions) {
    this.#max = maxSessions;
    this.#idleMs = idleTimeoutMs;
    this.#now = now;
  }

  get size(): number {
    return this.#slots.size;
  }

  get(id: string): T | undefined {
    return this.#slots.get(id)?.entry;
  }

  /** True when the table holds `maxSessions` sessions: a new one needs another's slot. */
  get full(): boolean {
    return this.#slots.size + this.#reserved >= this.#max;
  }

  /**
   * Holds one slot for a session about to be added (while the one it
   * replaces finishes closing), so that no other request takes it; call the
   * answer to let go, just before `add`.
   */
  reserve(): () => void {
    this.#reserved++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#reserved--;
    };
  }

  /**
   * Forgets the session idle longest (none with a request open) at once and
   * answers the promise of its closing, or undefined when every session is
   * busy. Only a valid `initialize` should call this: anything else would
   * end another client's session for nothing.
   */
  evictIdlest(): Promise<void> | undefined {
    const oldest = this.#longestIdle();
    return oldest === undefined ? undefined : this.close(oldest);
  }

  /**
   * Whole seconds a client refused at the cap should wait (for `Retry-After`):
   * until the session idle longest passes its idle timeout, or
   * `BUSY_RETRY_AFTER_S` when every session has a request open. At least 1.
   */
  retryAfterSeconds(): number {
    const oldest = this.#longestIdle();
    const slot = oldest === undefined ? undefined : this.#slots.get(oldest);
    if (!slot) return BUSY_RETRY_AFTER_S;
    return Math.max(1, Math.ceil((slot.lastSeenMs + this.#idleMs - this.#now()) / 1000));
  }

  add(id: string, entry: T): void {
    this.#slots.set(id, { entry, lastSeenMs: this.#now(), open: 0 });
  }

  /** Counts a request as open until `done` is called. */
  begin(id: string): () => void {
    const slot = this.#slots.get(id);
    if (!slot) return () => undefined;
    slot.open++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      slot.open--;
      slot.lastSeenMs = this.#now();
    };
  }

  /** Forgets a session and closes it. */
  close(id: string): Promise<void> {
    const slot = this.#slots.get(id);
    if (!slot) return Promise.resolve();
    this.#slots.delete(id);
    return slot.entry.close();
  }

  /** Forgets a session without closing it (it is closing itself). */
  forget(id: string): void {
    this.#slots.delete(id);
  }

  /** Closes every session idle for longer than the timeout. */
  sweep(): void {
    const now = this.#now();
    for (const [id, slot] of this.#slots) {
      if (slot.open === 0 && now - slot.lastSeenMs >= this.#idleMs) void this.close(id);
    }
  }

  /** Closes every session. */
  async closeAll(): Promise<void> {
    await Promise.allSettled([...this.#slots.keys()].map((id) => this.close(id)));
  }

  #longestIdle(): string | undefined {
    let found: string | undefined;
    let seen = Number.POSITIVE_INFINITY;
    for (const [id, slot] of this.#slots) {
      if (slot.open === 0 && slot.lastSeenMs < seen) {
        found = id;
        seen = slot.lastSeenMs;
      }
    }
    return found;
  }
}
