/** Why a checkpoint was taken. */
export type CheckpointKind = "turn" | "command" | "restore";

/** A tool call that ran after a checkpoint was taken. */
export interface CheckpointCall {
  /** The provider's call id. */
  readonly id: string;
  /** The tool's name. */
  readonly name: string;
  /** For a command: the paths it changed (added, modified or deleted), from a diff after it ran. */
  readonly changed?: readonly string[];
}

/** A file that was not stored because it is bigger than the cap. */
export interface SkippedFile {
  /** Path relative to the workspace, `/`-separated. */
  readonly path: string;
  /** Its size when the checkpoint was taken. */
  readonly bytes: number;
}

/** One saved state of the workspace. */
export interface Checkpoint {
  /** 12 hex digits: the start of the commit's hash in the shadow repository. */
  readonly id: string;
  /** The full commit hash. */
  readonly commit: string;
  /** 1 for the workspace's first checkpoint, then one more each time. */
  readonly sequence: number;
  /** `"turn"`: before a turn's first change; `"command"`: before a command that may write; `"restore"`: before a restore. */
  readonly kind: CheckpointKind;
  /** The loop's turn number of the calls that followed (0 outside a loop). */
  readonly turn: number;
  /** ISO 8601 time it was taken. */
  readonly createdAt: string;
  /** What it is, in a few words (e.g. `before restoring 1a2b3c4d5e6f`). */
  readonly label: string;
  /** The calls that followed it, in the order they started. */
  readonly calls: readonly CheckpointCall[];
  /** Files over the size cap: noted, not stored; a restore leaves them alone. */
  readonly skipped: readonly SkippedFile[];
  /** True once `undo()` went back to it (the next `undo()` goes further back). */
  readonly undone: boolean;
}

/** A checkpoint as `list()` shows it, with what changed from it to the next one (or to now). */
export interface CheckpointSummary extends Checkpoint {
  /** `git diff --stat` from this checkpoint to the next one, or to the current files for the last. */
  readonly stat: string;
}
