import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Project, project } from "../testing/test-helpers.js";
import { runCommandHook } from "./run-command-hook.js";

let p: Project;
beforeEach(async () => {
  p = await project();
});
afterEach(async () => {
  await p.cleanup();
});

/** True while the process runs (a zombie waiting to be reaped has ended: it counts as gone). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

const base = () => ({ stdin: "{}", cwd: p.dir, env: process.env, timeoutMs: 5000 });

describe("runCommandHook", () => {
  describe("when the hook sends a child to the background and exits", () => {
    it("kills the child with the hook's process group, and returns at once", async () => {
      const pidFile = join(p.dir, "pid");
      const outcome = await runCommandHook({
        ...base(),
        command: `sleep 30 & echo $! > "${pidFile}"; echo done`,
      });
      expect(outcome).toMatchObject({ exitCode: 0, stdout: "done\n", failure: undefined });
      const pid = Number(await readFile(pidFile, "utf8"));
      for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 20));
      expect(alive(pid)).toBe(false);
    });
  });

  describe("when the hook runs past its timeout", () => {
    it("is killed and reported as timed out", async () => {
      const outcome = await runCommandHook({ ...base(), timeoutMs: 200, command: "sleep 30" });
      expect(outcome).toMatchObject({ exitCode: null, failure: "timed out after 0.2s", timedOut: true });
    });
  });

  describe("when the call is cancelled", () => {
    it("kills the hook's whole group and says so", async () => {
      const pidFile = join(p.dir, "pid");
      const controller = new AbortController();
      const running = runCommandHook({
        ...base(),
        timeoutMs: 60_000,
        command: `sleep 30 & echo $! > "${pidFile}.tmp" && mv "${pidFile}.tmp" "${pidFile}"; wait`,
        signal: controller.signal,
      });
      let pid = Number.NaN;
      while (Number.isNaN(pid)) {
        pid = Number(await readFile(pidFile, "utf8").catch(() => "x"));
        await new Promise((r) => setTimeout(r, 10));
      }
      controller.abort();
      expect(await running).toMatchObject({ exitCode: null, failure: "cancelled" });
      for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 20));
      expect(alive(pid)).toBe(false);
    });
  });

  describe("when the hook ignores its stdin or prints a lot", () => {
    it("is not a failure, and output past the cap is counted, not kept", async () => {
      const big = "x".repeat(300_000);
      const outcome = await runCommandHook({
        ...base(),
        stdin: big,
        maxBytes: 10,
        command: "head -c 25 /dev/zero | tr '\\0' y",
      });
      expect(outcome).toMatchObject({
        exitCode: 0,
        failure: undefined,
        stdout: "yyyyyyyyyy\n[15 more bytes dropped]",
      });
    });
  });
});
