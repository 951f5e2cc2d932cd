/** Options of a ResultCache. */
export interface ResultCacheOptions {
  /** How long an entry is served. 0 disables the cache. */
  ttlMs: number;
  /** The most entries kept; the least recently used goes first. 0 disables the cache. */
  maxEntries: number;
  /** The clock. @default Date.now */
  now?: () => number;
}

/** A bounded, expiring, least-recently-used map. Expired entries are dropped when met. */
export class ResultCache<T> {
  readonly #entries = new Map<string, { value: T; expiresAt: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor({ ttlMs, maxEntries, now = Date.now }: ResultCacheOptions) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
    this.#now = now;
  }

  /** The live entry for a key (which becomes the most recently used), or undefined. */
  get(key: string): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.expiresAt <= this.#now()) return undefined;
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Stores a value; evicts the least recently used entries past the bound. */
  set(key: string, value: T): void {
    if (this.#ttlMs <= 0 || this.#maxEntries <= 0) return;
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt: this.#now() + this.#ttlMs });
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
  }

  /** How many entries are held (expired ones not yet met included). */
  get size(): number {
    return this.#entries.size;
  }
}
