import { DEFAULT_PROTECT, DEFAULT_SCAN_MAX_ENTRIES } from "./protected-paths.js";
import { hostPatternProblem } from "./host-pattern.js";
import { limitsOption, type ResolvedLimits, type SandboxLimits } from "./limits/limits-option.js";
import { type UnixSocketsSetting, unixSocketsOption } from "./seccomp/unix-sockets-option.js";

/** What sandboxed commands may reach on the network. */
export type SandboxNetwork = "none" | "host" | { readonly allow: readonly string[] };

/**
 * What a sandboxed command may touch. Every field is optional; the default
 * is workspace-write with the network off.
 *
 * @example
 * new Shell({ sandbox: { network: { allow: ["registry.npmjs.org", "*.github.com"] } } });
 */
export interface SandboxPolicy {
  /** Writable places besides the workspace root and the session temp dir (absolute, `~/…`, or relative to the workspace). @default [] */
  readonly writable?: readonly string[];
  /** Paths mounted empty, added to `DEFAULT_DENY_READ` (unless `replaceDefaults`). @default [] */
  readonly denyRead?: readonly string[];
  /** Paths inside writable places kept read-only, added to `DEFAULT_DENY_WRITE`. @default [] */
  readonly denyWrite?: readonly string[];
  /** `"none"` (loopback only), `"host"`, or `{ allow: [hosts] }` through a filtering proxy. @default "none" */
  readonly network?: SandboxNetwork;
  /** Use only the lists given here, not the default deny lists. @default false */
  readonly replaceDefaults?: boolean;
  /** Names kept read-only wherever they are in a writable place, and moved away when a command creates them; added to `DEFAULT_PROTECT` (unless `replaceDefaults`). @default [] */
  readonly protect?: readonly string[];
  /** Entries the start-of-command walk for protected names may visit before it refuses to run the command. @default 1000000 */
  readonly maxScanEntries?: number;
  /** Paths in the (otherwise hidden) home shown read-only, besides the toolchain folders (`~/…`, or absolute). @default [] */
  readonly readable?: readonly string[];
  /**
   * Whether commands may create Unix sockets (Docker, D-Bus, `$SSH_AUTH_SOCK`, X11). Linux: `true`/`false`
   * (a seccomp filter, which cannot see paths); macOS: also a list of socket paths.
   * @default false (true with network "host")
   */
  readonly allowUnixSockets?: boolean | readonly string[];
  /** Resource caps of each command. @default { processes: 512, memoryBytes: 4 GiB, tempBytes: 1 GiB, shmBytes: 64 MiB, fileBytes: 4 GiB } */
  readonly limits?: SandboxLimits;
}

/** The `sandbox` option of Shell, Jobs and Loom `bash`. */
export type SandboxSetting = "off" | "auto" | "required" | SandboxPolicy;

/** Credentials and keys in the home directory that a sandboxed command cannot read. */
export const DEFAULT_DENY_READ: readonly string[] = Object.freeze([
  "~/.ssh",
  "~/.aws",
  "~/.gnupg",
  "~/.config/gcloud",
  "~/.azure",
  "~/.kube",
  "~/.docker",
  "~/.netrc",
  "~/.npmrc",
  "~/.pypirc",
  "~/.git-credentials",
]);

/**
 * Paths, relative to each writable place, that stay read-only: git hooks and
 * config (they run code on the user's next git command) and shell start-up files.
 */
export const DEFAULT_DENY_WRITE: readonly string[] = Object.freeze([
  ".git/hooks",
  ".git/config",
  ".bashrc",
  ".bash_profile",
  ".bash_login",
  ".bash_logout",
  ".profile",
  ".zshrc",
  ".zshenv",
  ".zprofile",
  ".zlogin",
]);

/** A policy with every default applied and no setting left open. */
export interface NormalizedPolicy {
  readonly writable: readonly string[];
  readonly denyRead: readonly string[];
  readonly denyWrite: readonly string[];
  readonly network: "none" | "host" | { readonly allow: readonly string[] };
  readonly protect: readonly string[];
  readonly maxScanEntries: number;
  readonly readable: readonly string[];
  readonly allowUnixSockets: UnixSocketsSetting;
  readonly limits: ResolvedLimits;
}

/** The default policy: workspace-write, default deny lists, network none. */
export const DEFAULT_POLICY: SandboxPolicy = Object.freeze({});

/**
 * Checks a `sandbox` option and applies the defaults of its policy; a bad
 * value is a programmer error and throws a TypeError naming the field.
 */
export function normalizeSandboxSetting(
  setting: unknown,
  platform: NodeJS.Platform = process.platform,
): {
  mode: "off" | "auto" | "required";
  policy: NormalizedPolicy;
} {
  if (setting === "off" || setting === "auto" || setting === "required") {
    return { mode: setting, policy: normalizePolicy(DEFAULT_POLICY, platform) };
  }
  if (setting === null || typeof setting !== "object" || Array.isArray(setting)) {
    throw new TypeError(
      `Shell: \`sandbox\` must be "off", "auto", "required" or a policy object, got ${JSON.stringify(setting)}`,
    );
  }
  // A policy given explicitly is required: asking for a policy and silently running without it would fail open.
  return { mode: "required", policy: normalizePolicy(setting as SandboxPolicy, platform) };
}

function normalizePolicy(policy: SandboxPolicy, platform: NodeJS.Platform): NormalizedPolicy {
  const known = new Set([
    "writable",
    "denyRead",
    "denyWrite",
    "network",
    "replaceDefaults",
    "protect",
    "maxScanEntries",
    "readable",
    "allowUnixSockets",
    "limits",
  ]);
  for (const key of Object.keys(policy)) {
    if (!known.has(key)) {
      throw new TypeError(
        `Shell: \`sandbox.${key}\` is not a policy field; known fields: ${[...known].join(", ")}`,
      );
    }
  }
  const replace = policy.replaceDefaults === true;
  const net = network(policy.network);
  return {
    writable: paths("writable", policy.writable),
    denyRead: [...(replace ? [] : DEFAULT_DENY_READ), ...paths("denyRead", policy.denyRead)],
    denyWrite: [...(replace ? [] : DEFAULT_DENY_WRITE), ...paths("denyWrite", policy.denyWrite)],
    network: net,
    protect: [...(replace ? [] : DEFAULT_PROTECT), ...names("protect", policy.protect)],
    maxScanEntries: count("maxScanEntries", policy.maxScanEntries, DEFAULT_SCAN_MAX_ENTRIES),
    readable: paths("readable", policy.readable),
    allowUnixSockets:
      policy.allowUnixSockets === undefined && net === "host"
        ? true
        : unixSocketsOption(policy.allowUnixSockets, platform),
    limits: limitsOption(policy.limits),
  };
}

function names(field: string, value: unknown): string[] {
  return paths(field, value).map((name, i) => {
    if (name.includes("/") || name === "." || name === "..") {
      throw new TypeError(
        `Shell: \`sandbox.${field}[${i}]\` must be a file or folder name (no "/"), e.g. ".tool-versions", got ${JSON.stringify(name)}`,
      );
    }
    return name;
  });
}

function count(field: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
    throw new TypeError(
      `Shell: \`sandbox.${field}\` must be a positive integer, got ${JSON.stringify(value)}`,
    );
  }
  return value;
}

function paths(field: string, value: unknown): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    throw new TypeError(
      `Shell: \`sandbox.${field}\` must be an array of paths, got ${JSON.stringify(value)}`,
    );
  }
  return value.map((item, i) => {
    if (typeof item !== "string" || item.trim() === "" || item.includes("\0")) {
      throw new TypeError(
        `Shell: \`sandbox.${field}[${i}]\` must be a non-empty path, got ${JSON.stringify(item)}`,
      );
    }
    return item;
  });
}

function network(value: unknown): NormalizedPolicy["network"] {
  if (value === undefined || value === "none") return "none";
  if (value === "host") return "host";
  if (value !== null && typeof value === "object" && "allow" in value && Array.isArray(value.allow)) {
    const allow: string[] = value.allow.map((pattern: unknown, i: number) => {
      const problem = hostPatternProblem(pattern as string);
      if (problem) throw new TypeError(`Shell: \`sandbox.network.allow[${i}]\`: ${problem}`);
      return pattern as string;
    });
    return { allow };
  }
  throw new TypeError(
    `Shell: \`sandbox.network\` must be "none", "host" or { allow: ["host", "*.domain"] }, got ${JSON.stringify(value)}`,
  );
}

/** One line naming a normalized policy, for notes and hints. */
export function describePolicy(policy: NormalizedPolicy): string {
  const net =
    typeof policy.network === "string"
      ? `network ${policy.network}`
      : `network allow-list (${policy.network.allow.join(", ")})`;
  return `workspace-write, ${net}`;
}
