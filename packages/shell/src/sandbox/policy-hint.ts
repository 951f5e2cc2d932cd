import type { NormalizedPolicy } from "./policy.js";
import type { SandboxMounts } from "./resolve-mounts.js";

/** What a failed sandboxed command left behind. */
export interface PolicyHintOptions {
  policy: NormalizedPolicy;
  mounts: SandboxMounts;
  /** The command's stderr as shown in the reply. */
  stderr: string;
  /** Hosts the allow-list proxy refused. */
  refusedHosts: readonly string[];
}

const NETWORK_FAILURE =
  /Network is unreachable|Could not resolve host|Temporary failure in name resolution|Name or service not known|EAI_AGAIN|ENOTFOUND|ENETUNREACH|getaddrinfo|Connection refused|ECONNREFUSED|Failed to connect/i;

/**
 * One line naming the policy that most likely stopped a failed command, or
 * undefined when its stderr shows no sign of the sandbox. The model reads it
 * to tell "the sandbox said no" from a bug in the command.
 */
export function policyHint({ policy, mounts, stderr, refusedHosts }: PolicyHintOptions): string | undefined {
  if (refusedHosts.length > 0 && typeof policy.network === "object") {
    return `[sandbox: the network allow-list (${policy.network.allow.join(", ")}) refused ${refusedHosts.join(", ")}]`;
  }
  const hidden = mounts.denyRead.find((r) => stderr.includes(r.path));
  if (hidden) {
    return `[sandbox: ${hidden.path} is hidden from commands (policy denyRead); it reads as empty]`;
  }
  if (/Read-only file system|EROFS/.test(stderr)) {
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
