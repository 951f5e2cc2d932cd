import { spawn } from "node:child_process";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Jobs } from "../tools/jobs.js";
import { Shell } from "../tools/shell.js";
import { eventually, pinned, type Sandbox, sandbox } from "../tools/test-helpers.js";
import { bwrapArgs } from "./bwrap-args.js";
import { detectSandbox } from "./detect-sandbox.js";
import { resolveMounts } from "./resolve-mounts.js";
import { normalizeSandboxSetting } from "./policy.js";
import { hostPidsWith, marker, skipWithoutBwrap } from "./test-helpers.js";

let box: Sandbox;
const shell = new Shell({ killGraceMs: 300 });

beforeEach(async () => {
  box = await sandbox();
});
afterEach(async () => {
  await box.cleanup();
});

/** A command that leaves processes in its group, in a new group (`set -m`) and in a new session (`setsid`). */
function scattering(tag: string): string {
  return `sleep ${tag} & (set -m; sleep ${tag} & sleep ${tag} & wait) & setsid sleep ${tag} & echo started; sleep ${tag}`;
}

/**
 * Waits until `count` `sleep <tag>` processes run. Only the sleeps count:
 * bubblewrap and the command's shells carry the tag in their command lines
 * too, and counting them let the wait end before the command's `echo`.
 */
async function started(tag: string, count: number): Promise<number[]> {
  return eventually(() => {
    const pids = hostPidsWith(`sleep\0${tag}`);
    return pids.length >= count ? pids : undefined;
  });
}

describe.skipIf(skipWithoutBwrap("the sandbox kill tests"))("sandboxed commands", () => {
  describe("when a command times out", () => {
    it("ends every process it started, even in other groups and sessions", async () => {
      const tag = marker();
      const out = await shell.call({ command: scattering(tag), timeout_s: 2 }, box.ctx);
      expect(pinned(out)).toBe(
        "started\n[timed out after 2s and killed with every process it started, N ms]\n" +
          "Retry with a larger `timeout_s` (at most 600), run it with `background: true`, or split the work into smaller steps.",
      );
      expect(hostPidsWith(tag)).toEqual([]);
    });
  });

  describe("when the call is aborted", () => {
    it("ends every process it started", async () => {
      const tag = marker();
      const controller = new AbortController();
      const call = shell.call({ command: scattering(tag) }, box.ctx.withSignal(controller.signal));
      await started(tag, 5);
      controller.abort();
      expect(pinned(await call)).toBe("started\n[cancelled and killed with every process it started, N ms]");
      expect(hostPidsWith(tag)).toEqual([]);
    });
  });

  describe("when the main process exits", () => {
    it("leaves nothing of the command running", async () => {
      const tag = marker();
      const out = await shell.call(
        { command: `setsid sleep ${tag} & (set -m; sleep ${tag} &) ; echo done` },
        box.ctx,
      );
      expect(pinned(out)).toBe("done\n[exit 0, N ms]");
      expect(hostPidsWith(tag)).toEqual([]);
    });
  });

  describe("when background jobs are killed or the session ends", () => {
    it("Jobs kill and ctx.dispose() end every process of the jobs", async () => {
      const jobs = new Jobs({ killGraceMs: 300 });
      const first = marker();
      const second = marker();
      await shell.call({ command: scattering(first), background: true }, box.ctx);
      await shell.call({ command: scattering(second), background: true }, box.ctx);
      await started(first, 5);
      await started(second, 5);
      const killed = await jobs.call({ operation: "kill", job_id: "job-1" }, box.ctx);
      expect(killed.textContent()).toBe(
        `Killed job job-1 and every process it started: ${scattering(first)}`,
      );
      expect(hostPidsWith(first)).toEqual([]);
      expect(hostPidsWith(second).length).toBeGreaterThanOrEqual(5);
      await box.ctx.dispose();
      expect(hostPidsWith(second)).toEqual([]);
    });
  });

  describe("when the host process is killed with SIGKILL", () => {
    it("takes its sandboxes with it", async () => {
      const mechanism = await detectSandbox();
      if (mechanism.kind !== "bwrap") throw new Error("unreachable");
      const tag = marker();
      const tempDir = join(box.root, "..", "tmp");
      await mkdir(tempDir, { recursive: true });
      const mounts = await resolveMounts({
        policy: normalizeSandboxSetting("auto").policy,
        workspaceRoot: box.root,
        tempDir,
      });
      const args = bwrapArgs({
        mounts,
        network: "none",
        cwd: box.root,
        argv: ["bash", "-c", scattering(tag)],
      });
      // A host of its own: starts the sandbox exactly as the backend does (detached), then is SIGKILLed.
      const host = spawn(
        process.execPath,
        [
          "-e",
          "const c = require('node:child_process').spawn(process.argv[1], JSON.parse(process.argv[2]), { detached: true, stdio: 'ignore' }); setInterval(() => {}, 1000);",
          mechanism.path,
          JSON.stringify(args),
        ],
        { stdio: "ignore" },
      );
      await started(tag, 5);
      host.kill("SIGKILL");
      await eventually(() => (hostPidsWith(tag).length === 0 ? true : undefined));
      expect(hostPidsWith(tag)).toEqual([]);
    });
  });
});
