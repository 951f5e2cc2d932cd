import { execFile } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

/** The sandbox mechanism of this machine, or why there is none. */
export type SandboxMechanism =
  | { readonly kind: "bwrap"; readonly path: string }
  | { readonly kind: "seatbelt"; readonly path: string }
  | { readonly kind: "none"; readonly reason: string };

/** Options for `detectSandbox`. */
export interface DetectSandboxOptions {
  /** @default process.platform */
  platform?: NodeJS.Platform;
  /** The search path for `bwrap`. @default process.env.PATH */
  path?: string | undefined;
}

const cache = new Map<string, Promise<SandboxMechanism>>();

/**
 * Finds the sandbox mechanism: on Linux `bwrap` (Debian package
 * `bubblewrap`) on the search path, checked once by running `true` inside a
 * sandbox (user namespaces can be switched off); on macOS `sandbox-exec`.
 * Cached per platform and search path; never rejects.
 */
export function detectSandbox({
  platform = process.platform,
  path = process.env.PATH,
}: DetectSandboxOptions = {}): Promise<SandboxMechanism> {
  const key = `${platform}\0${path ?? ""}`;
  let found = cache.get(key);
  if (found === undefined) {
    found = probe(platform, path ?? "");
    cache.set(key, found);
  }
  return found;
}

async function probe(platform: NodeJS.Platform, path: string): Promise<SandboxMechanism> {
  if (platform === "darwin") {
    return executable("/usr/bin/sandbox-exec")
      ? { kind: "seatbelt", path: "/usr/bin/sandbox-exec" }
      : { kind: "none", reason: "sandbox-exec is missing from /usr/bin" };
  }
  if (platform !== "linux") return { kind: "none", reason: `no sandbox is supported on ${platform}` };
  const bwrap = path
    .split(delimiter)
    .filter((dir) => dir !== "")
    .map((dir) => join(dir, "bwrap"))
    .find(executable);
  if (bwrap === undefined) return { kind: "none", reason: "bubblewrap (bwrap) is not installed" };
  const args = ["--die-with-parent", "--unshare-all", "--cap-drop", "ALL", "--ro-bind", "/", "/"];
  return new Promise((resolve) => {
    execFile(
      bwrap,
      [...args, "--proc", "/proc", "--dev", "/dev", "true"],
      { timeout: 10_000 },
      (error, _out, stderr) => {
        if (!error) return resolve({ kind: "bwrap", path: bwrap });
        const why = stderr.trim().split("\n")[0] || error.message;
        resolve({ kind: "none", reason: `bubblewrap cannot create a sandbox here (${why})` });
      },
    );
  });
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
