/** What went wrong in a checkpoint operation. */
export type CheckpointErrorKind = "UnknownCheckpoint" | "InvalidPath" | "InvalidOption" | "Workspace";

/** A refused checkpoint operation: an unknown id, a path outside the workspace, a bad option. */
export class CheckpointError extends Error {
  readonly kind: CheckpointErrorKind;

  constructor(kind: CheckpointErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "CheckpointError";
    this.kind = kind;
  }
}
