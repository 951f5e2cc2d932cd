import { stat } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { JobTable } from "../jobs/job-table.js";
import { dispose } from "../jobs/session-jobs.js";
import { processAlive } from "../process/process-group.js";
import { UnixBackend } from "../process/unix-backend.js";
import { createShellTools } from "./create-shell-tools.js";
import { eventually, pidsIn, pinned, type Sandbox, sandbox } from "./test-helpers.js";

const FIX = "Fix the arguments so they match the tool's input schema, then call it again.";
let box: Sandbox;

beforeEach(async () => {
  box = await sandbox();
});
afterEach(async () => {
  await box.cleanup();
});

function tools(options = {}) {
  return createShellTools({ killGraceMs: 300, ...options });
}

/** Pid checks run unsandboxed (sandboxed pids are namespace pids); see src/sandbox/sandbox.test.ts. */
const OFF = { sandbox: "off" } as const;

async function startJob(command: string, options = {}) {
  const [shell, jobs] = tools(options);
  const out = await shell.call({ command, background: true }, box.ctx);
  return { shell, jobs, out };
}

describe("Jobs", () => {
  describe("when Shell starts a background job", () => {
    it("returns at once, the job outlives the call, and kill ends its whole group", async () => {
      const { jobs, out } = await startJob("echo $$ > pids; sleep 60 & echo $! >> pids; wait", OFF);
      expect(out.textContent()).toBe(
        "Started background job job-1: echo $$ > pids; sleep 60 & echo $! >> pids; wait\n" +
          'Read its output with Jobs {"operation": "output", "job_id": "job-1"}; stop it with {"operation": "kill", "job_id": "job-1"}; ' +
          'type into it with JobInput {"job_id": "job-1", "text": "..."}.',
      );
      const pids = await eventually(async () => {
        const found = await pidsIn(box.root).catch(() => []);
        return found.length === 2 ? found : undefined;
      });
      for (const pid of pids) expect(processAlive(pid)).toBe(true);
      expect((await jobs.call({ operation: "list" }, box.ctx)).textContent()).toMatch(
        /^job-1 {2}running \(\d+ s\) {2}echo \$\$ > pids; sleep 60 & echo \$! >> pids; wait$/,
      );
      const killed = await jobs.call({ operation: "kill", job_id: "job-1" }, box.ctx);
      expect(killed.textContent()).toBe(
        "Killed job job-1 and every process it started: echo $$ > pids; sleep 60 & echo $! >> pids; wait",
      );
      for (const pid of pids) expect(processAlive(pid)).toBe(false);
      expect((await jobs.call({ operation: "list" }, box.ctx)).textContent()).toMatch(
        /^job-1 {2}killed \(\d+ s\) /,
      );
    });
  });

  describe("when output is read repeatedly", () => {
    it("returns only what is new, then the exit state", async () => {
      // Unsandboxed until issue 19 (a job ends only when its streams have closed) lands: bubblewrap
      // reports the exit a little after the last output, which widens that race.
      const { jobs } = await startJob(
        "echo one; while [ ! -f go ]; do sleep 0.02; done; echo two >&2; exit 4",
        OFF,
      );
      const first = await eventually(async () => {
        const out = await jobs.call({ operation: "output", job_id: "job-1" }, box.ctx);
        return out.textContent().startsWith("one\n") ? out : undefined;
      });
      expect(pinned(first)).toMatch(/^one\n\[job-1 running \(\d+ s\)\]$/);
      await import("node:fs/promises").then((fs) => fs.writeFile(`${box.root}/go`, ""));
      // Wait through `list`, which reads no output: once the job shows its exit, all its output is in.
      await eventually(async () =>
        /^job-1 {2}exit 4/.test((await jobs.call({ operation: "list" }, box.ctx)).textContent())
          ? true
          : undefined,
      );
      const second = await jobs.call({ operation: "output", job_id: "job-1" }, box.ctx);
      expect(second.textContent()).toMatch(/^stderr:\ntwo\n\[job-1 exit 4 \(\d+ s\)\]$/);
      expect((await jobs.call({ operation: "output", job_id: "job-1" }, box.ctx)).textContent()).toMatch(
        /^\(no new output\)\n\[job-1 exit 4 \(\d+ s\)\]$/,
      );
      expect((await jobs.call({ operation: "kill", job_id: "job-1" }, box.ctx)).textContent()).toMatch(
        /^Job job-1 had already finished: exit 4 \(\d+ s\)\. Nothing to kill\.$/,
      );
    });
  });

  describe("when a job ends", () => {
    it("is finished only once its last output is in", async () => {
      const { jobs } = await startJob("seq 1 20000; echo last >&2; exit 3");
      const outcome = await box.ctx.getExtension(JobTable)?.get("job-1")?.done;
      expect(outcome?.exitCode).toBe(3);
      const text = (await jobs.call({ operation: "output", job_id: "job-1" }, box.ctx)).textContent();
      expect(text.startsWith("1\n2\n")).toBe(true);
      expect(text).toMatch(/\n19999\n20000\nstderr:\nlast\n\[job-1 exit 3 \(\d+ s\)\]$/);
    });

    it("reports a job that cannot start as failed at once, and dispose does not wait for it", async () => {
      const { jobs, out } = await startJob(`: ${"x".repeat(200 * 1024)}`, {
        backend: new UnixBackend({ maxArgBytes: 1 << 30 }),
      });
      expect(out.isError).toBe(false);
      await box.ctx.getExtension(JobTable)?.get("job-1")?.done;
      expect((await jobs.call({ operation: "list" }, box.ctx)).textContent()).toMatch(
        /^job-1 {2}failed to start: E2BIG {2}: x+$/,
      );
      await dispose(box.ctx);
    });

    it("runs a command over 128 KiB from a file", async () => {
      const { jobs } = await startJob(`# ${"x".repeat(200 * 1024)}\necho long-job`);
      await box.ctx.getExtension(JobTable)?.get("job-1")?.done;
      expect((await jobs.call({ operation: "output", job_id: "job-1" }, box.ctx)).textContent()).toMatch(
        /^long-job\n\[job-1 exit 0 \(\d+ s\)\]$/,
      );
    });
  });

  describe("when finished jobs are cleaned up", () => {
    it("forgets them and keeps running ones", async () => {
      const [shell, jobs] = tools();
      await shell.call({ command: "true", background: true }, box.ctx);
      await shell.call({ command: "sleep 60", background: true }, box.ctx);
      await eventually(async () =>
        (await jobs.call({ operation: "list" }, box.ctx)).textContent().includes("job-1  exit 0")
          ? true
          : undefined,
      );
      expect((await jobs.call({ operation: "cleanup" }, box.ctx)).textContent()).toBe(
        "Removed 1 finished job.",
      );
      expect((await jobs.call({ operation: "list" }, box.ctx)).textContent()).toMatch(/^job-2 {2}running/);
    });
  });

  describe("when the limits are reached", () => {
    it("refuses a job beyond maxRunningJobs with the running ids", async () => {
      const [shell] = tools({ maxRunningJobs: 2 });
      await shell.call({ command: "sleep 60", background: true }, box.ctx);
      await shell.call({ command: "sleep 60", background: true }, box.ctx);
      const out = await shell.call({ command: "sleep 60", background: true }, box.ctx);
      expect(out.isError).toBe(true);
      expect(out.textContent()).toBe(
        "Execution error: 2 background jobs are already running, the most allowed (job-1, job-2)\n" +
          'Kill one with Jobs {"operation": "kill", "job_id": "<id>"} or wait for one to finish, then start again.',
      );
    });

    it("keeps only the last maxFinishedJobs finished jobs", async () => {
      const [shell, jobs] = tools({ maxFinishedJobs: 2 });
      for (let i = 0; i < 4; i++) await shell.call({ command: `exit ${i}`, background: true }, box.ctx);
      const list = await eventually(async () => {
        const text = (await jobs.call({ operation: "list" }, box.ctx)).textContent();
        return text.includes("running") || text.split("\n").length > 2 ? undefined : text;
      });
      expect(list).toMatch(/^job-3 {2}exit 2 \(\d+ s\) {2}exit 2\njob-4 {2}exit 3 \(\d+ s\) {2}exit 3$/);
    });
  });

  describe("when the session ends", () => {
    it("ctx.dispose() kills every job", async () => {
      await startJob("echo $$ > pids; sleep 60 & echo $! >> pids; wait", OFF);
      const pids = await eventually(async () => {
        const found = await pidsIn(box.root).catch(() => []);
        return found.length === 2 ? found : undefined;
      });
      await box.ctx.dispose();
      for (const pid of pids) expect(processAlive(pid)).toBe(false);
    });

    it("ctx.dispose() kills processes that left the job's group and session", async () => {
      await startJob(
        [
          "echo $$ >> pids",
          "set -m",
          "sleep 1000 & echo $! >> pids",
          "setsid sh -c 'echo $$ >> pids; exec sleep 1000' &",
          "bash -c 'sleep 1000 & echo $! >> pids; wait' &",
          "wait",
        ].join("\n"),
        OFF,
      );
      const pids = await eventually(async () => {
        const found = await pidsIn(box.root).catch(() => []);
        return found.length === 4 ? found : undefined;
      });
      await box.ctx.dispose();
      for (const pid of pids) expect(processAlive(pid)).toBe(false);
    });

    it("dispose(ctx) removes the spill files of its jobs once they are dead", async () => {
      const [shell, jobs] = tools({ maxOutputBytes: 1024 });
      await shell.call(
        { command: "yes | head -c 100000; echo $$ > pids; sleep 1000", background: true },
        box.ctx,
      );
      // Wait on the capture itself: the pids file can appear before the pipe has been read to its end.
      const job = box.ctx.getExtension(JobTable)?.get("job-1");
      await eventually(() => (job?.captures.stdout.totalBytes === 100000 ? true : undefined));
      const out = (await jobs.call({ operation: "output", job_id: "job-1" }, box.ctx)).textContent();
      const file = /saved to (\S+) /.exec(out)?.[1] ?? "";
      expect((await stat(file)).size).toBe(100000);
      await dispose(box.ctx);
      await expect(stat(file)).rejects.toMatchObject({ code: "ENOENT" });
    });

    it("dispose(ctx) kills every job and refuses new ones", async () => {
      const { shell } = await startJob("echo $$ > pids; wait; sleep 60", OFF);
      const [pid] = await eventually(async () => {
        const found = await pidsIn(box.root).catch(() => []);
        return found.length === 1 ? found : undefined;
      });
      await dispose(box.ctx);
      expect(processAlive(pid ?? 0)).toBe(false);
      const out = await shell.call({ command: "true", background: true }, box.ctx);
      expect(out.textContent().split("\n")[0]).toBe(
        "Execution error: the session has ended; no new background job can start",
      );
    });
  });

  describe("when the job id is wrong or missing", () => {
    it.each([
      [
        { operation: "output", job_id: "job-9" },
        '`job_id` "job-9" is not a job of this session; known jobs: job-1',
      ],
      [{ operation: "kill" }, '`job_id` is required for operation "kill", got nothing; known jobs: job-1'],
    ])("answers %j with the known ids", async (input, message) => {
      const { jobs } = await startJob("sleep 60");
      const out = await jobs.call(input, box.ctx);
      expect(out.isError).toBe(true);
      expect(out.textContent()).toBe(`Invalid input: ${message}\n${FIX}`);
    });

    it("says when there are no jobs at all", async () => {
      const [, jobs] = tools();
      expect((await jobs.call({ operation: "list" }, box.ctx)).textContent()).toBe(
        "No background jobs in this session.",
      );
      expect((await jobs.call({ operation: "output", job_id: "job-1" }, box.ctx)).textContent()).toBe(
        `Invalid input: \`job_id\` "job-1" is not a job of this session; there are no jobs in this session\n${FIX}`,
      );
    });

    it("refuses an unknown operation", async () => {
      const [, jobs] = tools();
      expect((await jobs.call({ operation: "stop" }, box.ctx)).textContent()).toBe(
        `Invalid input: \`operation\` must be one of "list", "output", "kill", "cleanup", got string ("stop")\n${FIX}`,
      );
    });
  });
});
