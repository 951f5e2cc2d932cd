import type { Workspace } from "@toolkit/core";
import { DEFAULT_MAX_SPILL_BYTES } from "../capture/stream-capture.js";
import type { ShellBackend, TerminalSize } from "../process/shell-backend.js";
import { UnixShellBackend } from "../process/unix-backend.js";
import type { ProxyLookupFunction } from "../sandbox/allow-list-proxy.js";
import { normalizeSandboxSetting, type SandboxSetting } from "../sandbox/policy.js";
import type { SandboxChoice } from "../sandbox/sandbox-backend.js";
import { checkBwrapPath } from "../sandbox/trusted-bwrap.js";

/** Options shared by Shell, Jobs and the Loom `bash` tool; every one has a default. */
export interface ShellOptions {
  /** The directory commands run in and may not leave. @default a workspace rooted at `ctx.cwd` */
  workspace?: Workspace;
  /** Starts the processes; a backend given here runs unsandboxed (leave `sandbox` out). @default new UnixShellBackend() */
  backend?: ShellBackend;
  /**
   * Where commands run: `"auto"` sandboxed (workspace-write, network none) where bubblewrap is
   * available, else unsandboxed with a note; `"required"` refuses to run without a sandbox;
   * `"off"`; or a `SandboxPolicy` (required, with that policy). See the README's sandbox table.
   * @default "auto" ("off" when `backend` is given)
   */
  sandbox?: SandboxSetting;
  /** The bubblewrap to run (absolute; owned by root, writable by no one else). @default the first of /usr/bin/bwrap, /usr/local/bin/bwrap, /bin/bwrap */
  bwrapPath?: string;
  /** How the network allow-list proxy resolves host names (custom DNS, tests). @default dns.lookup, refusing this machine's own addresses */
  proxyLookup?: ProxyLookupFunction;
  /** The environment to scrub and pass on. @default process.env */
  env?: Readonly<Record<string, string | undefined>>;
  /** Variables kept even when their names or values look secret: exact names or `PREFIX_*`, e.g. `["SSH_AUTH_SOCK"]`. @default [] */
  allowEnv?: readonly string[];
  /** Bytes of each stream kept for the reply (head and tail halves). @default 262144 */
  maxOutputBytes?: number;
  /** The most bytes saved to each stream's spill file (then a note in the reply). @default 67108864 (64 MiB) */
  maxSpillBytes?: number;
  /** `timeout_s` when the model gives none. @default 120 */
  defaultTimeoutS?: number;
  /** The largest `timeout_s` the schema accepts. @default 600 */
  maxTimeoutS?: number;
  /** Time between SIGTERM and SIGKILL when a command is stopped. @default 2000 */
  killGraceMs?: number;
  /** Background jobs that may run at once per session. @default 16 */
  maxRunningJobs?: number;
  /** Finished jobs kept per session (oldest forgotten first). @default 20 */
  maxFinishedJobs?: number;
  /**
   * Silence after which a running command's live progress says `no new output for N s`
   * (again after each as long). Only when the host listens to progress. @default 30000
   */
  stalledOutputMs?: number;
  /** The size of a `tty: true` job's terminal, in character cells. @default { cols: 120, rows: 40 } */
  terminalSize?: TerminalSize;
}

/** ShellOptions with every default applied. */
export type ResolvedShellOptions = Required<
  Omit<ShellOptions, "workspace" | "env" | "sandbox" | "proxyLookup" | "bwrapPath">
> &
  Pick<ShellOptions, "workspace" | "env"> & { sandbox: SandboxChoice };

/**
 * Applies the defaults once and checks the numbers; a bad option is a
 * programmer error and throws a TypeError naming it.
 */
export function resolveShellOptions(options: ShellOptions = {}): ResolvedShellOptions {
  const {
    workspace,
    backend,
    sandbox = backend ? "off" : "auto",
    proxyLookup,
    bwrapPath,
    env,
    allowEnv = [],
    maxOutputBytes = 256 * 1024,
    maxSpillBytes = DEFAULT_MAX_SPILL_BYTES,
    defaultTimeoutS = 120,
    maxTimeoutS = 600,
    killGraceMs = 2000,
    maxRunningJobs = 16,
    maxFinishedJobs = 20,
    stalledOutputMs = 30_000,
    terminalSize = { cols: 120, rows: 40 },
  } = options;
  if (backend !== undefined && sandbox !== "off") {
    throw new TypeError(
      `Shell: pass \`backend\` or \`sandbox\`, not both: a backend given here runs commands as it sees fit (got sandbox ${JSON.stringify(sandbox)})`,
    );
  }
  positive("maxOutputBytes", maxOutputBytes);
  positive("maxSpillBytes", maxSpillBytes);
  positive("maxTimeoutS", maxTimeoutS);
  positive("defaultTimeoutS", defaultTimeoutS);
  if (defaultTimeoutS > maxTimeoutS) {
    throw new TypeError(
      `Shell: \`defaultTimeoutS\` (${defaultTimeoutS}) must not exceed \`maxTimeoutS\` (${maxTimeoutS})`,
    );
  }
  positive("killGraceMs", killGraceMs, true);
  positive("maxRunningJobs", maxRunningJobs);
  positive("maxFinishedJobs", maxFinishedJobs, true);
  positive("stalledOutputMs", stalledOutputMs);
  checkTerminalSize(terminalSize);
  return {
    ...(workspace ? { workspace } : {}),
    ...(env ? { env } : {}),
    backend: backend ?? new UnixShellBackend(),
    sandbox: {
      ...normalizeSandboxSetting(sandbox),
      lookup: proxyLookup,
      bwrapPath: checkBwrapPath(bwrapPath),
    },
    allowEnv,
    maxOutputBytes,
    maxSpillBytes,
    defaultTimeoutS,
    maxTimeoutS,
    killGraceMs,
    maxRunningJobs,
    maxFinishedJobs,
    stalledOutputMs,
    terminalSize: { cols: terminalSize.cols, rows: terminalSize.rows },
  };
}

function positive(name: string, value: unknown, zeroAllowed = false): void {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || (!zeroAllowed && value === 0)) {
    throw new TypeError(
      `Shell: \`${name}\` must be a ${zeroAllowed ? "non-negative" : "positive"} number, got ${JSON.stringify(value)}`,
    );
  }
}

function checkTerminalSize(size: unknown): void {
  const { cols, rows } = (size ?? {}) as { cols?: unknown; rows?: unknown };
  const cell = (n: unknown) => typeof n === "number" && Number.isInteger(n) && n >= 2 && n <= 1000;
  if (size === null || typeof size !== "object" || !cell(cols) || !cell(rows)) {
    throw new TypeError(
      `Shell: \`terminalSize\` must be { cols, rows } with whole numbers from 2 to 1000, got ${JSON.stringify(size)}`,
    );
  }
}
