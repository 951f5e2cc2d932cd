import { existsSync, realpathSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { DEFAULT_DENY_READ, type SandboxPolicy } from "@toolkit/shell";
import type { WrappedCommand } from "../session/lsp-options.js";

/** Options for `bwrapServers`. */
export interface BwrapServersOptions {
  /** The shell's sandbox policy: its `denyRead` (with the defaults unless `replaceDefaults`) and `readable` apply. @default {} */
  policy?: SandboxPolicy;
  /** The only folder servers may write (their caches); it is created by the caller. */
  cacheDir: string;
  /** The bubblewrap binary. @default "bwrap" */
  bwrapPath?: string;
}

/**
 * A `wrapCommand` for `createLsp` that runs each server in bubblewrap: the
 * host read-only, the workspace readable and not writable, `cacheDir` the
 * one writable folder (`HOME`, `XDG_CACHE_HOME` and `TMPDIR` point there),
 * `/tmp` and `/run` empty, the policy's deny-read paths hidden, no network
 * (a namespace with loopback only), a PID namespace of its own (so no client
 * pid is passed), and death with the parent.
 *
 * @example
 * const lsp = createLsp({ root, wrapCommand: bwrapServers({ cacheDir: "/var/cache/agent-lsp" }) });
 */
export function bwrapServers(
  options: BwrapServersOptions,
): (command: { command: string; args: readonly string[]; root: string }) => WrappedCommand {
  const { policy = {}, cacheDir, bwrapPath = "bwrap" } = options;
  if (typeof cacheDir !== "string" || !isAbsolute(cacheDir)) {
    throw new TypeError(
      `bwrapServers: \`cacheDir\` must be an absolute folder path; got ${JSON.stringify(cacheDir)}`,
    );
  }
  const home = homedir();
  const expand = (p: string, root: string) =>
    p === "~" ? home : p.startsWith("~/") ? join(home, p.slice(2)) : isAbsolute(p) ? p : resolve(root, p);
  return ({ command, args, root }) => {
    const deny = [...(policy.replaceDefaults ? [] : DEFAULT_DENY_READ), ...(policy.denyRead ?? [])]
      .map((p) => expand(p, root))
      .filter((p) => existsSync(p));
    const argv = [
      "--die-with-parent",
      "--new-session",
      "--unshare-all",
      "--cap-drop",
      "ALL",
      "--ro-bind",
      "/",
      "/",
    ];
    argv.push("--tmpfs", "/tmp", "--tmpfs", "/run");
    // The workspace and the server may live under the emptied /tmp: show them again, read-only.
    for (const path of new Set([root, realpathSync(command)])) argv.push("--ro-bind", path, path);
    for (const path of policy.readable ?? []) {
      const full = expand(path, root);
      if (existsSync(full)) argv.push("--ro-bind", full, full);
    }
    argv.push("--bind", cacheDir, cacheDir);
    for (const path of deny) {
      if (statSync(path).isDirectory()) argv.push("--tmpfs", path, "--remount-ro", path);
      else argv.push("--ro-bind", "/dev/null", path);
    }
    argv.push("--dev", "/dev", "--proc", "/proc", "--remount-ro", "/tmp");
    argv.push(
      "--setenv",
      "HOME",
      cacheDir,
      "--setenv",
      "XDG_CACHE_HOME",
      cacheDir,
      "--setenv",
      "TMPDIR",
      cacheDir,
    );
    argv.push("--chdir", root, "--", command, ...args);
    return { command: bwrapPath, args: argv, sameProcessView: false };
  };
}
