import { JobInput } from "./job-input.js";
import { Jobs } from "./jobs.js";
import { Shell } from "./shell.js";
import type { ShellOptions } from "./shell-options.js";

/**
 * Shell, Jobs and JobInput with the same options, sharing one job table per
 * session (jobs started by this Shell are the ones this Jobs lists and kills
 * and this JobInput types into).
 *
 * @example
 * registry.register(...createShellTools({ allowEnv: ["SSH_AUTH_SOCK"] }));
 */
export function createShellTools(options: ShellOptions = {}): [Shell, Jobs, JobInput] {
  return [new Shell(options), new Jobs(options), new JobInput(options)];
}
