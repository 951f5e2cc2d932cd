// Public API of @toolkit/shell: see README.md.
export { Shell } from "./tools/shell.js";
export type { ShellInput } from "./tools/shell-schema.js";
export { Jobs } from "./tools/jobs.js";
export { createShellTools } from "./tools/create-shell-tools.js";
export type { ShellOptions } from "./tools/shell-options.js";
export { analyzeCommand } from "./analysis/analyze-command.js";
export type { CommandAnalysis } from "./analysis/analyze-command.js";
export { dispose } from "./jobs/session-jobs.js";
export { UnixBackend } from "./process/unix-backend.js";
export type { UnixBackendOptions } from "./process/unix-backend.js";
export type { ExitStatus, ShellBackend, ShellProcess, SpawnRequest } from "./process/shell-backend.js";
export {
  isSecretName,
  isSecretValue,
  isSecretVariable,
  NON_INTERACTIVE_ENV,
  scrubEnv,
} from "./env/scrub-env.js";
export type { ScrubEnvOptions } from "./env/scrub-env.js";
