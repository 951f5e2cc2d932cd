import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createToolContext, FnTool } from "@toolkit/core";
import { dispatch, ToolRegistry } from "@toolkit/registry";
import { createShellTools } from "@toolkit/shell";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RemoteRegistry, remoteRegistry } from "../host/remote-registry.js";
import { type RemoteToolsMiddleware, remoteTools } from "../host/remote-tools.js";
import { redisTestsEnabled, startRedis, TEST_SECRET, type TestRedis } from "../testing/test-redis.js";
import { waitFor } from "../testing/test-setup.js";
import { startToolWorker, type ToolWorker } from "./start-tool-worker.js";

const CALLS = 500;

/** The temp folders a worker made for a session: `toolkit-<sessionId>-<8 hex>`. */
function tempDirsOf(sessionId: string): string[] {
  return readdirSync(tmpdir()).filter((name) => new RegExp(`^toolkit-${sessionId}-[0-9a-f]{8}$`).test(name));
}
const SESSIONS = 20;

/** Whether a process is alive (signal 0 checks without sending anything). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe.runIf(redisTestsEnabled())("startToolWorker's call contexts", () => {
  let redis: TestRedis;
  let root: string;
  const closers: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    redis = await startRedis();
    root = mkdtempSync(join(tmpdir(), "toolkit-queue-contexts-"));
  });
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    await redis?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  /** A worker serving the real Shell and Jobs tools, with a host to call them. */
  async function serve(queue: string, sessionIdleMs?: number) {
    const tools = new ToolRegistry();
    for (const tool of createShellTools({ sandbox: "off", maxOutputBytes: 512 })) tools.register(tool);
    // A tool that leaves a file in the session's temp folder, as tools that cache or spill do.
    tools.register(
      new FnTool("Scratch", "Writes a scratch file.", { type: "object" }, async (_input, ctx) => {
        const dir = await ctx.ensureTempDir();
        await writeFile(join(dir, `scratch-${randomUUID()}`), "x");
        return "written";
      }),
    );
    const worker: ToolWorker = await startToolWorker({
      registry: tools,
      connection: redis.connection,
      queue,
      secret: TEST_SECRET,
      concurrency: 8,
      ...(sessionIdleMs ? { sessionIdleMs } : {}),
    });
    const registry: RemoteRegistry = await remoteRegistry({
      connection: redis.connection,
      queue,
      secret: TEST_SECRET,
    });
    const remote: RemoteToolsMiddleware = remoteTools({
      connection: redis.connection,
      queue,
      secret: TEST_SECRET,
      timeoutMs: 30_000,
    });
    closers.push(
      () => worker.close(),
      () => registry.close(),
      () => remote.close(),
    );
    await waitFor(
      () => registry.contains("Shell") && registry.contains("Jobs"),
      "Shell and Jobs to be advertised",
    );
    const call = async (sessionId: string, id: string, name: string, input: object): Promise<string> => {
      const [result] = await dispatch(registry, [{ id, name, input }], {
        middleware: [remote],
        ctx: createToolContext({ cwd: root, sessionId, isNonInteractive: true }),
      });
      return result?.output.textContent() ?? "";
    };
    return { call, remote, registry };
  }
  const pidsOf = (file: string): number[] =>
    existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean).map(Number) : [];

  it(`disposes of every session's jobs, spill files and temp folder after ${CALLS} calls, when the host ends the sessions`, async () => {
    const { call, remote } = await serve("contexts");
    const run = randomUUID().slice(0, 8);
    const sessions = Array.from({ length: SESSIONS }, (_, i) => `ctx-${run}-${i}`);
    const pids = join(root, `pids-${run}`);
    let sent = 0;
    await Promise.all(
      sessions.map(async (sessionId, s) => {
        // One background job and one spilling command per session, then calls that leave scratch files.
        const started = await call(sessionId, "bg", "Shell", {
          command: `echo $$ >> ${pids}; exec sleep 1000`,
          background: true,
        });
        expect(started).toContain("job-1");
        expect(await call(sessionId, "spill", "Shell", { command: "yes spill | head -c 20000" })).toContain(
          tmpdir(),
        );
        for (let i = 3; i < CALLS / SESSIONS; i++) {
          expect(await call(sessionId, `c${s}-${i}`, "Scratch", {})).toBe("written");
          sent += 1;
        }
        // The session's calls share its context: Jobs sees the job its Shell call started.
        expect(await call(sessionId, "list", "Jobs", { operation: "list" })).toContain("job-1");
      }),
    );
    expect(sent + 3 * SESSIONS).toBe(CALLS);
    await waitFor(() => pidsOf(pids).length === SESSIONS, "every background job to write its pid");
    const dirs = (): string[] => sessions.flatMap(tempDirsOf);
    expect(dirs()).toHaveLength(SESSIONS);
    expect(pidsOf(pids).filter(alive)).toHaveLength(SESSIONS);

    await Promise.all(sessions.map((id) => remote.endSession(id)));
    await waitFor(
      () => pidsOf(pids).filter(alive).length === 0 && dirs().length === 0,
      "the sessions' processes and files to go",
    );
  }, 120_000);

  it("disposes of a session's context after sessionIdleMs without a call", async () => {
    const { call } = await serve("idle", 500);
    const sessionId = `idle-${randomUUID().slice(0, 8)}`;
    const pids = join(root, `pids-${sessionId}`);
    await call(sessionId, "bg", "Shell", {
      command: `echo $$ >> ${pids}; exec sleep 1000`,
      background: true,
    });
    await call(sessionId, "spill", "Shell", { command: "yes spill | head -c 20000" });
    await waitFor(() => pidsOf(pids).length === 1, "the job to write its pid");
    expect(tempDirsOf(sessionId)).toHaveLength(1);
    await waitFor(
      () => pidsOf(pids).filter(alive).length === 0 && tempDirsOf(sessionId).length === 0,
      "the idle session's job and files to go",
    );
  });
});
