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

/** Limits of a SessionTable. */
export interface SessionTableOptions {
  /** The most live sessions; at the cap the longest-idle one is closed for a new one. */
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
 * `maxSessions`, `admit()` closes the session idle the longest, and refuses
 * when every session is busy.
 */
export class SessionTable<T extends TableEntry> {
  readonly #slots = new Map<string, Slot<T>>();
  readonly #max: number;
  readonly #idleMs: number;
  readonly #now: () => number;

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

  /**
   * Makes room for one more session, closing (and awaiting) the sessions idle
   * longest; false when every session has a request open.
   */
  async admit(): Promise<boolean> {
    const closing: Promise<void>[] = [];
    while (this.#slots.size >= this.#max) {
      const oldest = this.#longestIdle();
      if (oldest === undefined) return false;
      closing.push(this.close(oldest));
    }
    await Promise.allSettled(closing);
    return true;
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
