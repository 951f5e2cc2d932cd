import type { FileOutcome } from "./scan-file.js";

/** A batch of absolute paths sent to a worker. */
export interface WorkerTask {
  readonly id: number;
  readonly paths: readonly string[];
}

/** The outcomes of a batch, in the order of its paths. */
export interface WorkerReply {
  readonly id: number;
  readonly outcomes: readonly FileOutcome[];
}
