import { homeArgs } from "./home-args.js";
import { type SandboxMounts, within } from "./resolve-mounts.js";

/** Everything `bwrapArgs` needs; no I/O happens in it. */
export interface BwrapArgsOptions {
  mounts: SandboxMounts;
  /** `"none"` and `"proxy"` get a network namespace of their own (loopback only). */
  network: "none" | "host" | "proxy";
  /** The working directory inside (the same path as on the host). */
  cwd: string;
  /** The program and its arguments, run inside. */
  argv: readonly string[];
  /** Host paths shown read-only inside even where hidden (the proxy socket's directory, DNS files under /run). */
  readOnlyBinds?: readonly string[];
  /** Kernel-side parts (seccomp, sized tmpfs); see `KernelArgs`. */
  kernel?: KernelArgs;
}

/** What the kernel-facing features add to the command line. */
export interface KernelArgs {
  /** A private, writable tmpfs of this many bytes at `PRIVATE_TMP` (where `/tmp` is hidden). */
  tmpBytes?: number;
  /** A private `/dev/shm` of this many bytes. */
  shmBytes?: number;
  /** The fd bubblewrap reads the seccomp program from (`--seccomp`). */
  seccompFd?: number;
}

/** The private temp directory (`$TMPDIR`) inside the hidden `/tmp`. */
export const PRIVATE_TMP = "/tmp/sandbox";

/** Host directories replaced by an empty read-only tmpfs: other sessions' files, sockets of host daemons. */
const HIDDEN = ["/tmp", "/run"];

/**
 * The bubblewrap command line for one sandboxed command: new user, PID,
 * IPC, UTS, cgroup and (unless `host`) network namespaces, every capability
 * dropped, a new session, death with the parent; the host root read-only,
 * fresh /dev and /proc, /tmp and /run empty; the writable places bound
 * read-write, the homes emptied (see `homeArgs`; writable places inside a
 * home are bound after it), then the deny-write paths bound read-only over them, then the
 * deny-read paths covered by an empty tmpfs (directories) or /dev/null
 * (files). Later mounts win, so the order is the policy.
 */
export function bwrapArgs({
  mounts,
  network,
  cwd,
  argv,
  readOnlyBinds = [],
  kernel = {},
}: BwrapArgsOptions): string[] {
  const args = ["--die-with-parent", "--new-session", "--unshare-all"];
  if (network === "host") args.push("--share-net");
  args.push("--cap-drop", "ALL", "--ro-bind", "/", "/");
  const hidden = HIDDEN.filter((dir) => !mounts.writable.some((w) => within(dir, w.path)));
  for (const dir of hidden) args.push("--tmpfs", dir);
  if (kernel.tmpBytes !== undefined && hidden.includes("/tmp")) {
    args.push("--size", String(kernel.tmpBytes), "--tmpfs", PRIVATE_TMP);
  }
  const hiddenHomes = mounts.hiddenHomes ?? [];
  const inHome = (path: string) => hiddenHomes.some((home) => within(path, home));
  for (const w of mounts.writable) if (!inHome(w.path)) args.push("--bind", w.path, w.path);
  args.push(...homeArgs(mounts));
  for (const w of mounts.writable) if (inHome(w.path)) args.push("--bind", w.path, w.path);
  for (const d of mounts.denyWrite) args.push("--ro-bind", d.path, d.path);
  for (const r of mounts.denyRead) {
    if (r.dir) args.push("--tmpfs", r.path, "--remount-ro", r.path);
    else args.push("--ro-bind", "/dev/null", r.path);
  }
  for (const path of readOnlyBinds) args.push("--ro-bind", path, path);
  args.push("--dev", "/dev", "--proc", "/proc");
  if (kernel.shmBytes !== undefined) args.push("--size", String(kernel.shmBytes), "--tmpfs", "/dev/shm");
  for (const dir of [...hidden, ...hiddenHomes]) args.push("--remount-ro", dir);
  if (kernel.seccompFd !== undefined) args.push("--seccomp", String(kernel.seccompFd));
  args.push("--chdir", cwd, "--", ...argv);
  return args;
}
