/** A per-client limit: at most `requests` in any `windowMs`, refilled continuously. */
export interface RateLimit {
  /** Requests allowed per window (the burst size). */
  requests: number;
  /** The window, in milliseconds. */
  windowMs: number;
}

/** The answer of `RateLimiter.take`. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * A token bucket per client: each client starts with `requests` tokens and
 * regains them at `requests / windowMs`. At most `maxClients` buckets are
 * kept (the least recently seen go first), so memory stays bounded.
 */
export class RateLimiter {
  readonly #buckets = new Map<string, { tokens: number; at: number }>();
  readonly #limit: RateLimit;
  readonly #maxClients: number;
  readonly #now: () => number;

  constructor({
    limit,
    maxClients = 10_000,
    now = Date.now,
  }: { limit: RateLimit; maxClients?: number; now?: () => number }) {
    this.#limit = limit;
    this.#maxClients = maxClients;
    this.#now = now;
  }

  /** Takes one token for a client, or says how long until one is available. */
  take(client: string): RateDecision {
    const now = this.#now();
    const { requests, windowMs } = this.#limit;
    const rate = requests / windowMs;
    const previous = this.#buckets.get(client);
    const tokens = previous ? Math.min(requests, previous.tokens + (now - previous.at) * rate) : requests;
    this.#buckets.delete(client);
    if (tokens >= 1) {
      this.#remember(client, { tokens: tokens - 1, at: now });
      return { allowed: true };
    }
    this.#remember(client, { tokens, at: now });
    return { allowed: false, retryAfterMs: Math.ceil((1 - tokens) / rate) };
  }

  #remember(client: string, bucket: { tokens: number; at: number }): void {
    this.#buckets.set(client, bucket);
    while (this.#buckets.size > this.#maxClients) {
      const oldest = this.#buckets.keys().next();
      if (oldest.done) break;
      this.#buckets.delete(oldest.value);
    }
  }
}
