import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ScriptedModelServer } from "../test/scripted-model-server.js";
import type { ScriptStep } from "../test/script.js";
import { runChild, startChild } from "./child-process.js";
import { killAfterTurnThree } from "./crash-scenario.js";
import type { ChildJob } from "./durable.child.js";
import { FileRunStore } from "./file-run-store.js";

// Each test starts Node processes (tsx): slow on a loaded machine, never timed.
vi.setConfig({ testTimeout: 120_000 });

const SESSION = "5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0)) await fn();
});

async function world(script: ScriptStep[]) {
  const dir = await mkdtemp(join(tmpdir(), "durable-crash-"));
  const server = await ScriptedModelServer.start({ script });
  cleanup.push(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
  const job: ChildJob = {
    mode: "run",
    baseUrl: server.openaiBaseUrl,
    dir,
    sessionId: SESSION,
    storeDir: join(dir, "runs"),
    runId: "run-1",
  };
  return { dir, server, job };
}

const step = (n: number): ScriptStep => ({ toolCalls: [{ id: `s${n}`, name: "Step", input: { n } }] });
const log = (dir: string) => readFile(join(dir, "ran.log"), "utf8");

/** Resolves once `check` holds (the child's progress shows in its files). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe("BareLoop.resumeRun with a FileRunStore", () => {
  describe("when the process is killed after turn 3 of 5", () => {
    it("resumes from turn 3 without repeating its calls, and sends the same turn-4 request", async () => {
      const runs = await mkdtemp(join(tmpdir(), "durable-runs-"));
      cleanup.push(() => rm(runs, { recursive: true, force: true }));
      await killAfterTurnThree({ storeDir: runs });
      const saved = await new FileRunStore({ dir: runs }).load("run-1");
      expect(saved?.status).toBe("done");
      expect((await stat(join(runs, "run-1.json"))).mode & 0o777).toBe(0o600);
      expect(existsSync(join(runs, "run-1.lease"))).toBe(false);
    });
  });

  describe("when the process dies while a call runs", () => {
    it("tells the model the call was interrupted and does not run it again", async () => {
      const w = await world([
        step(1),
        step(2),
        (request) => ({ text: `saw ${request.toolResults.map((r) => r.text).join(", ")}` }),
      ]);
      const gate = join(w.dir, "gate");
      const child = startChild({ ...w.job, gate, mode: "run" });
      // Step 1 may finish; the process is killed while Step 2 waits for its gate.
      await writeFile(`${gate}.1`, "");
      await until(
        () =>
          existsSync(join(w.dir, "ran.log")) &&
          readFileSync(join(w.dir, "ran.log"), "utf8").includes("Step 2"),
      );
      child.kill("SIGKILL");
      expect((await child.done).signal).toBe("SIGKILL");

      const resumed = await runChild({ ...w.job, mode: "resumeRun" });
      expect(resumed.stderr).toBe("");
      expect(JSON.parse(resumed.stdout).text).toBe(
        "saw Execution error: the call to 'Step' was interrupted: the process running it stopped before it finished, so it may or may not have taken effect\nCheck whether it took effect before calling it again.",
      );
      expect(await log(w.dir)).toBe("Step 1\nStep 2\n");
    });
  });

  describe("when two processes resume the same run at once", () => {
    it("runs it in one and refuses the other", async () => {
      const w = await world([
        { toolCalls: [{ id: "w1", name: "Write", input: { path: "out.txt", content: "x" } }] },
        step(1),
        { text: "done" },
      ]);
      const paused = await runChild(w.job);
      expect(JSON.parse(paused.stdout).status).toBe("interrupted");
      const gate = join(w.dir, "gate");
      const job: ChildJob = { ...w.job, mode: "resumeRun", gate, decisions: { w1: "approve" } };
      const a = startChild(job).done;
      const b = startChild(job).done;
      // The winner holds the run inside Step until the gate opens: the first to end is the one refused.
      const loser = await Promise.race([a, b]);
      expect(loser.code).toBe(3);
      expect(loser.stderr).toMatch(
        /^RunLeaseError: run run-1 is being run by another process \(lease [^ ]+ until .+\); try again after it ends or the lease expires\n$/,
      );
      await writeFile(`${gate}.1`, "");
      const [x, y] = await Promise.all([a, b]);
      expect([x.code, y.code].sort()).toEqual([0, 3]);
      expect(await log(w.dir)).toBe("Write out.txt x\nStep 1\n");
    });
  });
});
