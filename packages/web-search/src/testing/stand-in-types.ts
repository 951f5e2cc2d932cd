/** A result a stand-in serves; mapped to the provider's wire format. */
export interface StandInResult {
  title: string;
  url: string;
  snippet?: string;
  /** CSE's `displayLink`; the URL's host when absent. */
  displayLink?: string;
}

/**
 * What a stand-in answers to one request:
 * - `results`: a success in the provider's format (the given results, or the canned ones);
 * - `error`: the provider's error body with this status (and `Retry-After` when given);
 * - `hang`: never answers (until the stand-in closes), to exercise timeouts;
 * - `raw`: exactly this status and body, e.g. a malformed body.
 */
export type StandInReply =
  | { type: "results"; results?: readonly StandInResult[] }
  | { type: "error"; status: number; reason?: string; retryAfter?: string | number }
  | { type: "hang" }
  | { type: "raw"; status: number; body: string; contentType?: string };

/** One request a stand-in received, as it arrived. */
export interface RecordedRequest {
  method: string;
  /** The path without the query string. */
  path: string;
  /** Query-string parameters (CSE carries `key`, `cx`, `q`, `num` here). */
  params: Record<string, string>;
  /** Headers, names lower-cased. */
  headers: Record<string, string>;
  /** The raw body ("" for GET). */
  body: string;
  /** The body parsed as JSON, or undefined. */
  json: unknown;
  /**
   * What the stand-in answered: a reply type (`error` also for the provider's
   * own 4xx), `pending` while the body is read, `aborted` when the client left
   * before sending it all.
   */
  reply: StandInReply["type"] | "pending" | "aborted";
}

/** Options shared by the stand-ins. */
export interface StandInOptions {
  /**
   * The results served by default: a list, or a function of the query.
   * @default ten canned results on docs.example.com, blog.example.org and forum.example.net
   */
  results?: readonly StandInResult[] | ((query: string) => readonly StandInResult[]);
  /** Replies used one per request, in order, before falling back to `results`. */
  replies?: readonly StandInReply[];
  /** The key the stand-in accepts; any other key gets the provider's auth error. @default "stand-in-key" */
  apiKey?: string;
  /** The interface to listen on. @default "127.0.0.1" */
  host?: string;
  /** The port. @default 0 (any free port) */
  port?: number;
}

/** A running stand-in. */
export interface StandIn {
  /** `http://127.0.0.1:<port>`: pass it as the provider's `baseUrl`. */
  readonly baseUrl: string;
  /** The key it accepts. */
  readonly apiKey: string;
  /** Every request received, oldest first (a live array). */
  readonly requests: readonly RecordedRequest[];
  /** Queues replies for the next requests. */
  enqueue(...replies: StandInReply[]): void;
  /** Replaces the default results. */
  setResults(results: NonNullable<StandInOptions["results"]>): void;
  /** Stops listening and drops open connections (hung requests included). */
  close(): Promise<void>;
}
