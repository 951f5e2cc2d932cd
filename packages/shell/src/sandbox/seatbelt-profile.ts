import type { SandboxMounts } from "./resolve-mounts.js";

/** What `seatbeltProfile` needs; no I/O happens in it. */
export interface SeatbeltProfileOptions {
  mounts: SandboxMounts;
  /**
   * `"none"`: no network at all (macOS has no network namespace, so not even loopback);
   * `"host"`: any; `{ proxyPort }`: only the allow-list proxy on 127.0.0.1:<proxyPort>.
   */
  network: "none" | "host" | { readonly proxyPort: number };
  /** Unix sockets commands may connect to: all (`true`), none (`false`), or these paths. @default false */
  allowUnixSockets?: boolean | readonly string[];
}

/**
 * The Seatbelt (SBPL) profile for `sandbox-exec -p` on macOS, from the same
 * policy as bubblewrap: everything denied by default; processes, reading
 * files and the usual system services allowed, but not below the hidden
 * homes except what they show again; writes only below the writable places
 * (and the homes' caches) and to the terminal and null devices; the deny-write paths
 * and then the deny-read paths denied again (later rules win); the network
 * as `network` says, and Unix sockets only as `allowUnixSockets` lists.
 */
export function seatbeltProfile({
  mounts,
  network,
  allowUnixSockets = false,
}: SeatbeltProfileOptions): string {
  const lines = [
    "(version 1)",
    "(deny default)",
    "(allow process-exec process-fork)",
    "(allow signal (target same-sandbox))",
    "(allow process-info* (target same-sandbox))",
    "(allow sysctl-read mach-lookup ipc-posix-shm file-ioctl pseudo-tty)",
    "(allow file-read*)",
    ...homeRules(mounts),
    "(allow file-write*",
    ...mounts.writable.map((w) => `  (subpath ${quote(w.path)})`),
    ...(mounts.homeShown ?? []).filter((m) => m.writable).map((m) => `  (subpath ${quote(m.path)})`),
    '  (literal "/dev/null") (literal "/dev/zero") (literal "/dev/dtracehelper")',
    '  (regex #"^/dev/tty") (regex #"^/dev/fd/"))',
  ];
  if (mounts.denyWrite.length > 0) {
    lines.push("(deny file-write*", ...mounts.denyWrite.map((d) => `  (subpath ${quote(d.path)})`), ")");
  }
  if (mounts.denyRead.length > 0) {
    lines.push("(deny file-read*", ...mounts.denyRead.map((d) => `  (subpath ${quote(d.path)})`), ")");
  }
  if (network !== "host" && allowUnixSockets === true) {
    lines.push(
      "(allow system-socket (socket-domain AF_UNIX))",
      "(allow network-outbound (remote unix-socket))",
    );
  } else if (network !== "host" && Array.isArray(allowUnixSockets) && allowUnixSockets.length > 0) {
    lines.push(
      "(allow system-socket (socket-domain AF_UNIX))",
      "(allow network-outbound",
      ...allowUnixSockets.map((path) => `  (remote unix-socket (path-literal ${quote(path)}))`),
      ")",
    );
  }
  if (network === "host") lines.push("(allow network* system-socket)");
  else if (network !== "none") {
    lines.push(`(allow network-outbound (remote ip ${quote(`localhost:${network.proxyPort}`)}))`);
  }
  return `${lines.join("\n")}\n`;
}

/** Reads below the hidden homes denied, then allowed again for what they show and the writable places in them. */
function homeRules({ hiddenHomes = [], homeShown = [], writable }: SandboxMounts): string[] {
  if (hiddenHomes.length === 0) return [];
  const inHome = (path: string) => hiddenHomes.some((home) => path === home || path.startsWith(`${home}/`));
  const shown = [...homeShown.map((m) => m.path), ...writable.map((w) => w.path).filter(inHome)];
  const rules = ["(deny file-read*", ...hiddenHomes.map((home) => `  (subpath ${quote(home)})`), ")"];
  if (shown.length > 0)
    rules.push("(allow file-read*", ...shown.map((path) => `  (subpath ${quote(path)})`), ")");
  return rules;
}

/** An SBPL string literal: backslashes and double quotes escaped, no control characters. */
export function quote(text: string): string {
  if (/[\0-\x1f\x7f]/.test(text)) {
    throw new TypeError(
      `Seatbelt: a path with a control character cannot be written in a profile: ${JSON.stringify(text)}`,
    );
  }
  return `"${text.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}
