import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ScriptedModelServer } from "../test/scripted-model-server.js";
import type { ScriptStep } from "../test/script.js";
import { runChild } from "./child-process.js";
import type { ChildJob } from "./durable.child.js";

// Each test starts Node processes (tsx): slow on a loaded machine, never timed.
vi.setConfig({ testTimeout: 120_000 });

const SESSION = "7d1f3c2a-9b4e-4f6a-8c1d-2e3f4a5b6c7d";
const script = (): ScriptStep[] => [
  {
    toolCalls: [
      { name: "Read", input: { path: "out.txt" } },
      { name: "Write", input: { path: "out.txt", content: "hello" } },
    ],
  },
  (request) => ({ text: `saw: ${request.toolResults.map((r) => r.text).join(" | ")}` }),
];

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0)) await fn();
});

async function world() {
  const dir = await mkdtemp(join(tmpdir(), "durable-"));
  const server = await ScriptedModelServer.start({ script: script() });
  cleanup.push(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
  return { dir, server };
}

function parse(out: { code: number | null; stdout: string; stderr: string }) {
  expect(out.stderr).toBe("");
  expect(out.code).toBe(0);
  return JSON.parse(out.stdout) as {
    status: string;
    pending?: { id: string; name: string }[];
    text?: string;
  };
}

describe("BareLoop.resume across processes", () => {
  it.each<[string, "approve" | "reject" | { edit: unknown }, string, string]>([
    ["approve", "approve", "hello", "Read out.txt\nWrite out.txt hello\n"],
    ["reject", "reject", "", "Read out.txt\n"],
    [
      "an edit",
      { edit: { path: "out.txt", content: "edited" } },
      "edited",
      "Read out.txt\nWrite out.txt edited\n",
    ],
  ])(
    "when the user answers %s, sends the conversation an uninterrupted run sends",
    async (_, decision, written, log) => {
      const baseline = await world();
      const base = parse(
        await runChild({
          mode: "baseline",
          baseUrl: baseline.server.openaiBaseUrl,
          dir: baseline.dir,
          sessionId: SESSION,
          baseline: decision,
        }),
      );
      expect(base.status).toBe("done");

      const w = await world();
      const statePath = join(w.dir, "state.json");
      const job: ChildJob = {
        mode: "run",
        baseUrl: w.server.openaiBaseUrl,
        dir: w.dir,
        sessionId: SESSION,
        statePath,
      };
      const first = parse(await runChild(job));
      expect(first).toEqual({
        status: "interrupted",
        pending: [{ id: "call_2", name: "Write", input: { path: "out.txt", content: "hello" } }],
      });
      expect(await readFile(join(w.dir, "ran.log"), "utf8")).toBe("Read out.txt\n");
      const second = parse(await runChild({ ...job, mode: "resume", decisions: { call_2: decision } }));
      expect(second).toEqual({ status: "done", text: base.text, turns: 2 });

      expect(w.server.requests.map((r) => r.body)).toEqual(baseline.server.requests.map((r) => r.body));
      expect(await readFile(join(w.dir, "ran.log"), "utf8")).toBe(log);
      const content = await readFile(join(w.dir, "out.txt"), "utf8").catch(() => "");
      expect(content).toBe(written);
    },
  );
});
