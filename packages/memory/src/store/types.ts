/** What one memory is about: a tool call, or a whole run (its task and final answer). */
export type MemoryKind = "call" | "run";

/** A memory to store. Text is redacted and cut to the store's limit before it is written. */
export interface MemoryInput {
  kind: MemoryKind;
  /** The session it belongs to. */
  session: string;
  /** A project name, to keep memories of several projects in one file apart. */
  project?: string | undefined;
  /** The tool's wire name (calls only). */
  tool?: string | undefined;
  /** The turn of the run the call was made in (calls only). */
  turn?: number | undefined;
  /** The call's input as JSON text, or the run's task. */
  input: string;
  /** The call's output text, or the run's final answer. */
  output: string;
  /** The call failed (its output is an error). */
  isError?: boolean | undefined;
  /** When it happened, in ms since the epoch. @default Date.now() */
  createdAt?: number | undefined;
}

/** A stored memory. */
export interface Memory {
  readonly id: number;
  readonly kind: MemoryKind;
  readonly session: string;
  readonly project: string | undefined;
  readonly tool: string | undefined;
  readonly turn: number | undefined;
  readonly input: string;
  readonly output: string;
  readonly isError: boolean;
  /** The input or output was longer than the store keeps and was cut. */
  readonly truncated: boolean;
  readonly createdAt: number;
}

/** One search hit: the memory and a snippet around the matched words. */
export interface MemoryHit {
  readonly memory: Memory;
  /** Text around the hits, the matched words in `[` `]`. */
  readonly snippet: string;
  /** Lower is better: the BM25 rank, or the fused rank when embeddings were used. */
  readonly score: number;
}

/** What to search. */
export interface MemorySearch {
  /** Words to look for (FTS5 syntax allowed; a query it cannot parse is searched as a phrase). */
  query: string;
  /** At most this many hits. @default 10 */
  limit?: number | undefined;
  /** Only this session's memories. */
  session?: string | undefined;
  /** Only calls of this tool. */
  tool?: string | undefined;
  /** Only memories at or after this time (ms since the epoch, or a Date). */
  since?: number | Date | undefined;
  /** Only this project's memories. */
  project?: string | undefined;
}

/**
 * Turns texts into vectors (one per text, all of one length). The package
 * downloads no model: bring your own (a local model, a provider's API).
 */
export type EmbedFunction = (texts: readonly string[]) => Promise<Float32Array[]>;
