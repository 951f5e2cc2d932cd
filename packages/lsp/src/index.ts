// Public API of @toolkit/lsp: see README.md.
export { createLsp } from "./create-lsp.js";
export { Lsp } from "./session/lsp.js";
export type { NoServer, ReadyServer } from "./session/lsp.js";
export type { LspOptions, WrappedCommand } from "./session/lsp-options.js";
export { BUILTIN_SERVERS } from "./server/server-spec.js";
export type { DiagnosticsMode, InitContext, ServerSpec } from "./server/server-spec.js";
export { withDiagnostics } from "./middleware/with-diagnostics.js";
export type { WithDiagnosticsOptions } from "./middleware/with-diagnostics.js";
export { FILE_CHANGING_TOOLS } from "./middleware/changed-paths.js";
export type { PathSource } from "./middleware/changed-paths.js";
export { formatDiagnostic } from "./diagnostics/format-diagnostic.js";
export type { Diagnostic, Severity } from "./diagnostics/diagnostic.js";
export { LanguageClient } from "./client/language-client.js";
export type { ServerExit } from "./client/language-client.js";
