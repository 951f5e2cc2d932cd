import { accessSync, constants } from "node:fs";
import { probeSandbox } from "./sandbox-probe.js";
import { trustedBwrap } from "./trusted-bwrap.js";

/** The sandbox mechanism of this machine, or why there is none. */
export type SandboxMechanism =
  | { readonly kind: "bwrap"; readonly path: string }
  | { readonly kind: "seatbelt"; readonly path: string }
  | { readonly kind: "none"; readonly reason: string };

/** Options for `detectSandbox`. */
export interface DetectSandboxOptions {
  /** @default process.platform */
  platform?: NodeJS.Platform;
  /** An absolute path to the bwrap to use. @default the first of /usr/bin, /usr/local/bin, /bin that has one */
  bwrapPath?: string | undefined;
}

const cache = new Map<string, Promise<SandboxMechanism>>();

/**
 * Finds the sandbox mechanism: on Linux `bwrap` (Debian package
 * `bubblewrap`) in a system directory or at `bwrapPath`, owned by root and
 * writable by no one else (see `trustedBwrap`), then proved once by
 * `probeSandbox` (a write outside must fail, the PID namespace must be its
 * own); on macOS `sandbox-exec`. Cached per platform and bwrap path; never
 * rejects.
 */
export function detectSandbox({
  platform = process.platform,
  bwrapPath,
}: DetectSandboxOptions = {}): Promise<SandboxMechanism> {
  const key = `${platform}\0${bwrapPath ?? ""}`;
  let found = cache.get(key);
  if (found === undefined) {
    found = detect(platform, bwrapPath);
    cache.set(key, found);
  }
  return found;
}

async function detect(platform: NodeJS.Platform, bwrapPath: string | undefined): Promise<SandboxMechanism> {
  if (platform === "darwin") {
    return executable("/usr/bin/sandbox-exec")
      ? { kind: "seatbelt", path: "/usr/bin/sandbox-exec" }
      : { kind: "none", reason: "sandbox-exec is missing from /usr/bin" };
  }
  if (platform !== "linux") return { kind: "none", reason: `no sandbox is supported on ${platform}` };
  const bwrap = trustedBwrap(bwrapPath);
  if ("problem" in bwrap) return { kind: "none", reason: bwrap.problem };
  const failed = await probeSandbox(bwrap.path);
  return failed ? { kind: "none", reason: failed } : { kind: "bwrap", path: bwrap.path };
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
