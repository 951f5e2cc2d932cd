// Public API of @toolkit/checkpoint: see README.md.
export { CheckpointStore, DEFAULT_MAX_FILE_BYTES } from "./store/checkpoint-store.js";
export type {
  CheckpointDiff,
  CheckpointStoreOptions,
  RestoreOptions,
  RestoreResult,
  SnapshotOptions,
} from "./store/checkpoint-store.js";
export type {
  Checkpoint,
  CheckpointCall,
  CheckpointKind,
  CheckpointSummary,
  SkippedFile,
} from "./store/checkpoint.js";
export { CheckpointError } from "./store/checkpoint-error.js";
export type { CheckpointErrorKind } from "./store/checkpoint-error.js";
export { defaultStateDir, workspaceKey } from "./store/state-dir.js";
export { normalizeRestorePaths } from "./store/restore-paths.js";
export { ShadowGitError } from "./git/shadow-git.js";
export { SHADOW_GIT_CONFIG, shadowGitEnv } from "./git/git-env.js";
export { CHECKPOINT_META, withCheckpoints } from "./middleware/with-checkpoints.js";
export type { CheckpointsMiddleware, WithCheckpointsOptions } from "./middleware/with-checkpoints.js";
export { classifyCall } from "./middleware/classify-call.js";
export type { CallEffect } from "./middleware/classify-call.js";
export { CheckpointsTool } from "./tool/checkpoints-tool.js";
export type { CheckpointsInput, CheckpointsToolOptions } from "./tool/checkpoints-tool.js";
