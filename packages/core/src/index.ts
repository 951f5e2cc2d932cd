import { registerCompiledValidators } from "./schema/compiled-validators.js";
import { COMPILED_VALIDATORS } from "./validators/compiled.js";
export { canonicalJson, isJsonObject } from "./json/json.js";
export type { JsonSchema, JsonValue } from "./json/json.js";
export { descriptorDigest } from "./tool/digest.js";
export { ToolError, ToolErrorKind, adviceFor } from "./errors/error.js";
export { errorMessage } from "./errors/error-message.js";
export { nameFieldsAsSent, renamedFields } from "./schema/name-aliases.js";
export type { RenamedField } from "./schema/name-aliases.js";
export type { ToolErrorOptions } from "./errors/error.js";
export { DisplayHint, Retention, ToolOutput } from "./output/output.js";
export type { ImagePart, OutputPart, OutputSchema, TextPart } from "./output/output.js";
export { createContextKey, createToolContext } from "./context/context.js";
export type { ContextKey, ToolContext, ToolContextOptions } from "./context/context.js";
export { CONTEXT_ABORTED, contextAborted, LazySignal } from "./context/lazy-signal.js";
export {
  createProgressChannel,
  DROP_PROGRESS,
  PROGRESS_MESSAGE_MAX,
  PROGRESS_OUTPUT_MAX,
  sanitizeProgress,
} from "./context/progress.js";
export type {
  ProgressCall,
  ProgressChannel,
  ProgressChannelOptions,
  ProgressSink,
  ToolProgress,
  ToolProgressEvent,
} from "./context/progress.js";
export { TOOL_NAME_PATTERN, isSafeForConcurrentExecution, toolTraits } from "./tool/tool.js";
export type { Tool, ToolIcon, ToolSchema, ToolTraits } from "./tool/tool.js";
export { ToolBase, markInputValidated, toToolOutput, toolErrorOf } from "./tool-base/index.js";
export { FnTool } from "./tool/fn-tool.js";
export type { FnToolFunction, FnToolResult } from "./tool/fn-tool.js";
export { arrived, compileSchema, describeErrors, validateInput } from "./schema/validate.js";
export { AJV_RUNTIME, registerCompiledValidators } from "./schema/compiled-validators.js";
export { acceptsNull, restoreAbsent, strictSchema } from "./schema/strict-schema.js";
export { MAX_INPUT_DEPTH, checkInputShape } from "./schema/input-shape.js";
export { Think } from "./tools/think.js";
export { AskUser, NO_USER_TO_ASK } from "./tools/ask-user.js";
export type { AskUserFunction, AskUserOptions } from "./tools/ask-user.js";
export { MAX_TODO_CONTENT, MAX_TODO_ITEMS, renderTodoList, Todo, todoList } from "./tools/todo.js";
export type { TodoItem, TodoStatus } from "./tools/todo.js";
export { Workspace, inside } from "./workspace/workspace.js";
export type { WorkspaceOptions, WorkspacePath } from "./workspace/workspace.js";
export { LocalFileSource } from "./file-source/local-file-source.js";
export type { LocalFileSourceOptions } from "./file-source/local-file-source.js";
export { MemoryFileSource } from "./file-source/memory-file-source.js";
export type { MemoryFileSourceOptions } from "./file-source/memory-file-source.js";
export { writeFileAtomic } from "./file-source/atomic-write.js";
export { sweepStaleTemp } from "./temp/sweep-stale-temp.js";
export type { SweepStaleTempOptions, SweepStaleTempResult } from "./temp/sweep-stale-temp.js";
export { createOwnedTempDir, createOwnedTempDirSync } from "./temp/owned-temp-dir.js";
export type { OwnedTempDirOptions } from "./temp/owned-temp-dir.js";
export { markTempDir, markTempDirSync, releaseTempDir, releaseTempDirSync } from "./temp/owner-marker.js";
export { hardLinkedError, resolveHardLinks, withheldAsHardLinked } from "./file-source/hard-links.js";
export type { HardLinkPolicy } from "./file-source/hard-links.js";
export type { AtomicWriteOptions } from "./file-source/atomic-write.js";
export type {
  DirEntry,
  FileKind,
  FileSource,
  FileStat,
  ListOptions,
  OpenFile,
  OpenOptions,
  ReadChunksOptions,
  ReadFileOptions,
  RemoveFileOptions,
  RenameOptions,
  StatOptions,
  WriteFileOptions,
} from "./file-source/file-source.js";
export { LoomErrorKind, LoomToolError } from "./loom/loom-error.js";
export type { LoomToolErrorOptions } from "./loom/loom-error.js";
export { checkLoomPath, loomJoin } from "./loom/loom-path.js";
export { checkKnownFields } from "./loom/known-fields.js";
export type { CheckLoomPathOptions, LoomPath } from "./loom/loom-path.js";

// The build-time validators of this package's tools: their first call compiles no schema.
registerCompiledValidators(COMPILED_VALIDATORS);
