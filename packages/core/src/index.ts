export { canonicalJson, isJsonObject } from "./json.js";
export type { JsonSchema, JsonValue } from "./json.js";
export { descriptorDigest } from "./digest.js";
export { ToolError, ToolErrorKind, adviceFor } from "./error.js";
export { errorMessage } from "./error-message.js";
export { nameFieldsAsSent, renamedFields } from "./name-aliases.js";
export type { RenamedField } from "./name-aliases.js";
export type { ToolErrorOptions } from "./error.js";
export { DisplayHint, Retention, ToolOutput } from "./output.js";
export type { ImagePart, OutputPart, OutputSchema, TextPart } from "./output.js";
export { createContextKey, createToolContext } from "./context.js";
export type { ContextKey, ToolContext, ToolContextOptions } from "./context.js";
export { TOOL_NAME_PATTERN, isSafeForConcurrentExecution, toolTraits } from "./tool.js";
export type { Tool, ToolSchema, ToolTraits } from "./tool.js";
export { ToolBase, markInputValidated, toToolOutput, toolErrorOf } from "./tool-base/index.js";
export { FnTool } from "./fn-tool.js";
export type { FnToolFunction, FnToolResult } from "./fn-tool.js";
export { arrived, compileSchema, describeErrors, validateInput } from "./validate.js";
export { acceptsNull, restoreAbsent, strictSchema } from "./strict-schema.js";
export { Think } from "./think.js";
export { AskUser, NO_USER_TO_ASK } from "./tools/ask-user.js";
export type { AskUserFunction, AskUserOptions } from "./tools/ask-user.js";
export { MAX_TODO_CONTENT, MAX_TODO_ITEMS, renderTodoList, Todo, todoList } from "./tools/todo.js";
export type { TodoItem, TodoStatus } from "./tools/todo.js";
export { Workspace, inside } from "./workspace.js";
export type { WorkspaceOptions, WorkspacePath } from "./workspace.js";
export { LocalFileSource } from "./file-source/local-file-source.js";
export type { LocalFileSourceOptions } from "./file-source/local-file-source.js";
export { MemoryFileSource } from "./file-source/memory-file-source.js";
export type { MemoryFileSourceOptions } from "./file-source/memory-file-source.js";
export { writeFileAtomic } from "./file-source/atomic-write.js";
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
