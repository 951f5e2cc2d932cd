import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Proves that `bwrap` really sandboxes, before the first command runs on
 * it: inside a sandbox with the host root read-only, a write to a host
 * directory must fail (and leave nothing on the host), and the process must
 * sit in a PID namespace of its own. Resolves to undefined when it holds,
 * else to the reason; never rejects.
 */
export function probeSandbox(bwrap: string): Promise<string | undefined> {
  const dir = mkdtempSync(join(tmpdir(), "toolkit-probe-"));
  const target = join(dir, "outside");
  const script =
    'if echo x > "$1" 2>/dev/null; then echo wrote; else echo refused; fi; readlink /proc/self/ns/pid; echo "$$"';
  const args = ["--die-with-parent", "--unshare-all", "--cap-drop", "ALL", "--ro-bind", "/", "/"];
  args.push("--proc", "/proc", "--dev", "/dev", "--", "/bin/sh", "-c", script, "sh", target);
  return new Promise((resolve) => {
    execFile(bwrap, args, { timeout: 10_000, env: { PATH: "/usr/bin:/bin" } }, (error, stdout, stderr) => {
      const landed = existsSync(target);
      rmSync(dir, { recursive: true, force: true });
      if (error) {
        const why = stderr.trim().split("\n")[0] || error.message;
        return resolve(`bubblewrap cannot create a sandbox here (${why})`);
      }
      const [write, ns, pid] = stdout.trim().split("\n");
      if (landed || write !== "refused") {
        return resolve(
          `the sandbox probe failed: a write outside the writable places went through (${bwrap})`,
        );
      }
      if (ns === undefined || ns === readlinkSync("/proc/self/ns/pid") || !/^[12]$/.test(pid ?? "")) {
        return resolve(
          `the sandbox probe failed: the command is not in a PID namespace of its own (${bwrap})`,
        );
      }
      resolve(undefined);
    });
  });
}
