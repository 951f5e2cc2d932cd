/** Limits of the page cache. */
export interface PageCacheOptions {
  /** How long a page is reused. @default 900000 (15 minutes) */
  ttlMs?: number;
  /** Pages kept at most; the least recently used goes first. @default 100 */
  maxEntries?: number;
  /** Bytes kept at most (text counted as UTF-16, two bytes a character). @default 52428800 (50 MiB) */
  maxBytes?: number;
  /** The clock, in milliseconds. @default Date.now */
  now?: () => number;
}

interface Entry<T> {
  readonly value: T;
  readonly bytes: number;
  readonly expiresAt: number;
}

/**
 * A bounded, time-limited LRU map: entries expire after `ttlMs`, and the least
 * recently used are dropped once there are more than `maxEntries` or their
 * sizes pass `maxBytes`. A value larger than `maxBytes` is not kept.
 */
export class PageCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  readonly #now: () => number;
  #bytes = 0;

  constructor({
    ttlMs = 15 * 60_000,
    maxEntries = 100,
    maxBytes = 50 * 1024 * 1024,
    now = Date.now,
  }: PageCacheOptions = {}) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
    this.#maxBytes = maxBytes;
    this.#now = now;
  }

  /** The value for `key` if present and fresh (it becomes the most recently used). */
  get(key: string): T | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#delete(key, entry);
    if (entry.expiresAt <= this.#now()) return undefined;
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    return entry.value;
  }

  /** Stores `value` of `bytes` size, evicting as needed. */
  set(key: string, value: T, bytes: number): void {
    const old = this.#entries.get(key);
    if (old !== undefined) this.#delete(key, old);
    if (bytes > this.#maxBytes || this.#maxEntries === 0) return;
    this.#entries.set(key, { value, bytes, expiresAt: this.#now() + this.#ttlMs });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries && this.#bytes <= this.#maxBytes) break;
      this.#delete(oldest, entry);
    }
  }

  /** Entries held (some may have expired but not yet been dropped). */
  get size(): number {
    return this.#entries.size;
  }

  /** Bytes held. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Drops everything. */
  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  #delete(key: string, entry: Entry<T>): void {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}
