import type { NormalizedPolicy } from "./policy.js";
import { type SandboxMounts, within } from "./resolve-mounts.js";

/** What a failed sandboxed command left behind. */
export interface PolicyHintOptions {
  policy: NormalizedPolicy;
  mounts: SandboxMounts;
  /** The command's stderr as shown in the reply. */
  stderr: string;
  /** Hosts the allow-list proxy refused. */
  refusedHosts: readonly string[];
  /** The counted caps that refused or stopped something (`limits.processes`, `limits.memoryBytes`). */
  capsHit?: readonly ("processes" | "memory")[];
  /** The command's exit code, when it exited (153 = SIGXFSZ: RLIMIT_FSIZE). */
  exitCode?: number | null | undefined;
}

const UNIX_SOCKET_REFUSED = /Operation not permitted|EPERM|Permission denied|EACCES/;
const SOCKET_WORD = /socket|\.sock\b|unix:|D-?Bus|docker/i;

const NETWORK_FAILURE =
  /Network is unreachable|Could not resolve host|Temporary failure in name resolution|Name or service not known|EAI_AGAIN|ENOTFOUND|ENETUNREACH|getaddrinfo|Connection refused|ECONNREFUSED|Failed to connect/i;

/**
 * One line naming the policy that most likely stopped a failed command, or
 * undefined when its stderr shows no sign of the sandbox. The model reads it
 * to tell "the sandbox said no" from a bug in the command.
 */
export function policyHint({
  policy,
  mounts,
  stderr,
  refusedHosts,
  capsHit = [],
  exitCode,
}: PolicyHintOptions): string | undefined {
  const { limits } = policy;
  if (capsHit.includes("memory")) {
    return `[sandbox: the memory cap stopped the command (limits.memoryBytes ${limits.memoryBytes})]`;
  }
  if (capsHit.includes("processes")) {
    return `[sandbox: the process cap refused to start more processes (limits.processes ${limits.processes})]`;
  }
  if (exitCode === 128 + 25 || /File too large|EFBIG/.test(stderr)) {
    return `[sandbox: a file reached the file size cap (limits.fileBytes ${limits.fileBytes})]`;
  }
  if (/No space left on device|ENOSPC/.test(stderr)) {
    return `[sandbox: $TMPDIR and /dev/shm are private and capped (limits.tempBytes ${limits.tempBytes}, limits.shmBytes ${limits.shmBytes}); large files belong in the workspace]`;
  }
  if (policy.allowUnixSockets !== true && UNIX_SOCKET_REFUSED.test(stderr) && SOCKET_WORD.test(stderr)) {
    return "[sandbox: commands cannot open Unix sockets (policy allowUnixSockets false): Docker, D-Bus, SSH agents, X11 and database sockets are out of reach]";
  }
  if (refusedHosts.length > 0 && typeof policy.network === "object") {
    return `[sandbox: the network allow-list (${policy.network.allow.join(", ")}) refused ${refusedHosts.join(", ")}]`;
  }
  const hidden = mounts.denyRead.find((r) => stderr.includes(r.path));
  if (hidden) {
    return `[sandbox: ${hidden.path} is hidden from commands (policy denyRead); it reads as empty]`;
  }
  const home = hiddenHomeIn(mounts, stderr);
  if (home) {
    return `[sandbox: ${home} is hidden from commands (only the workspace, toolchain folders, caches and policy readable are shown); it reads as empty]`;
  }
  if (/Read-only file system|EROFS/.test(stderr)) {
    const kept = protectedIn(mounts, stderr);
    if (kept?.endsWith("/.git")) {
      return `[sandbox: ${kept} is read-only to commands (policy protect: git metadata runs code on the user's next git command); git commands that write there (add, commit, checkout, fetch) need the user to run them outside the sandbox]`;
    }
    if (kept) {
      return `[sandbox: ${kept} is read-only to commands (policy protect: editors, shells and git run code from it)]`;
    }
    const places = mounts.writable.map((w) => w.path).join(", ");
    return `[sandbox: only ${places} are writable (policy workspace-write; git hooks, git config and shell rc files stay read-only)]`;
  }
  if (NETWORK_FAILURE.test(stderr)) {
    if (policy.network === "none")
      return `[sandbox: the network is off for commands (policy network "none")]`;
    if (typeof policy.network === "object") {
      return `[sandbox: commands reach only ${policy.network.allow.join(", ")}, over HTTP(S) through the proxy in HTTP_PROXY/HTTPS_PROXY]`;
    }
  }
  return undefined;
}

/** The protected entry (bound read-only at the start) that a path in stderr lies in, if any. */
function protectedIn(mounts: SandboxMounts, stderr: string): string | undefined {
  const entries = [...(mounts.protect?.entries ?? [])].sort((a, b) => b.path.length - a.path.length);
  return entries.find(
    (e) => stderr.includes(`${e.path}/`) || stderr.includes(`${e.path}'`) || stderr.includes(`${e.path}:`),
  )?.path;
}

/** The hidden home a path in stderr lies in, when nothing shows that path again. */
function hiddenHomeIn(mounts: SandboxMounts, stderr: string): string | undefined {
  if (!/No such file or directory|ENOENT|Read-only file system|EROFS/.test(stderr)) return undefined;
  for (const home of mounts.hiddenHomes ?? []) {
    const shown = [
      ...(mounts.homeShown ?? []).map((m) => m.path),
      ...mounts.writable.filter((w) => within(w.path, home)).map((w) => w.path),
    ];
    const paths = stderr.match(new RegExp(`${escapeRegExp(home)}/[^\\s:'"]+`, "g")) ?? [];
    if (paths.some((p) => !shown.some((s) => within(p, s)))) return home;
  }
  return undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
