// Test helper (not shipped): the crash-recovery scenario every RunStore is
// held to. A child process runs five turns against a scripted server and is
// SIGKILLed after turn 3 was saved; a second child resumes it with resumeRun.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { ScriptedModelServer } from "../test/scripted-model-server.js";
import type { ScriptStep } from "../test/script.js";
import { type ChildOutcome, runChild, startChild } from "./child-process.js";
import type { ChildJob } from "./durable.child.js";

/** What the scenario saw. */
export interface CrashObservations {
  /** The killed child. */
  first: ChildOutcome;
  /** The tool executions logged, in order, over both processes. */
  ranLog: string;
  /** The resuming child. */
  resumed: ChildOutcome;
  /** Every request body the scripted server received. */
  bodies: string[];
}

const step = (n: number): ScriptStep => ({ toolCalls: [{ id: `s${n}`, name: "Step", input: { n } }] });

/**
 * Runs the scenario with the store the job names (`storeDir`, or
 * `storeModule` + `storeArg`) and checks what every store must give: the
 * resumed run picks up after turn 3, runs no turn-3 call again, and sends
 * the turn-4 request the killed process sent.
 */
export async function killAfterTurnThree(
  store: Pick<ChildJob, "storeDir" | "storeModule" | "storeArg">,
): Promise<CrashObservations> {
  const dir = await mkdtemp(join(tmpdir(), "durable-crash-"));
  let kill: () => void = () => {};
  let killed: Promise<unknown> = Promise.resolve();
  const server = await ScriptedModelServer.start({
    script: [
      step(1),
      step(2),
      step(3),
      // The 4th request comes after turn 3 was saved: the process dies before it gets an answer.
      async () => {
        kill();
        await killed;
        return { text: "never read" };
      },
      step(4),
      (request) => ({ text: `finished after ${request.toolResults.map((r) => r.text).join(", ")}` }),
    ],
  });
  try {
    const job: ChildJob = {
      mode: "run",
      baseUrl: server.openaiBaseUrl,
      dir,
      sessionId: "5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
      runId: "run-1",
      ...store,
    };
    const child = startChild(job);
    kill = () => child.kill("SIGKILL");
    killed = child.done;
    const first = await child.done;
    const resumed = await runChild({ ...job, mode: "resumeRun" });
    const ranLog = await readFile(join(dir, "ran.log"), "utf8");
    const bodies = server.requests.map((r) => r.body);
    expect(first.signal).toBe("SIGKILL");
    expect(resumed.stderr).toBe("");
    expect(JSON.parse(resumed.stdout)).toEqual({
      status: "done",
      text: "finished after step 4 done",
      turns: 5,
    });
    expect(ranLog).toBe("Step 1\nStep 2\nStep 3\nStep 4\n");
    expect(bodies).toHaveLength(6);
    expect(bodies[4]).toBe(bodies[3]);
    return { first, ranLog, resumed, bodies };
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}
