import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ToolOutput } from "@toolkit/core";
import { progressTool } from "@toolkit/test-kit";
import { describe, expect, it } from "vitest";
import { trajectoryObserver } from "../observers/trajectory-observer.js";
import { manualClock } from "../runtime/clock.js";
import { taskTool } from "../task/task-tool.js";
import { DIALECTS, registryOf, tool, useLoopHarness } from "./test-kit.js";

const setupLoop = useLoopHarness();
const chat = (DIALECTS[0] as (typeof DIALECTS)[number]).client;

describe("BareLoop onToolProgress", () => {
  describe("when a tool reports three updates a second apart", () => {
    it("delivers them between onToolPre and onToolPost with the call id and turn", async () => {
      const registry = registryOf();
      registry.register(progressTool("Steps"));
      const seen: string[] = [];
      const { loop } = await setupLoop(
        chat,
        [{ toolCalls: [{ id: "c1", name: "Steps", input: {} }] }, { text: "ok" }],
        {
          registry,
          observers: [
            {
              onToolPre: (e) => seen.push(`pre ${e.id}`),
              onToolProgress: (e) => seen.push(`progress ${e.id} turn ${e.turn} ${e.update.message}`),
              onToolPost: (e) => seen.push(`post ${e.id} ${e.output.textContent()}`),
            },
          ],
        },
      );
      await loop.run("go");
      expect(seen).toEqual([
        "pre c1",
        "progress c1 turn 1 step 1 of 3",
        "progress c1 turn 1 step 2 of 3",
        "progress c1 turn 1 step 3 of 3",
        "post c1 done after 3 steps",
      ]);
    });
  });

  describe("when updates come faster than the rate limit", () => {
    it("coalesces them and still delivers the last one before onToolPost", async () => {
      const registry = registryOf(
        tool("Burst", (_input, ctx) => {
          for (let i = 1; i <= 50; i++) ctx.progress({ message: `line ${i}`, output: `${i}\n` });
          return "burst done";
        }),
      );
      const events: string[] = [];
      let output = "";
      const { loop } = await setupLoop(
        chat,
        [{ toolCalls: [{ id: "c1", name: "Burst", input: { v: "x" } }] }, { text: "ok" }],
        {
          registry,
          observers: [
            {
              onToolProgress: (e) => {
                events.push(e.update.message ?? "");
                output += e.update.output ?? "";
              },
              onToolPost: () => events.push("post"),
            },
          ],
        },
      );
      await loop.run("go");
      expect(events).toEqual(["line 1", "line 50", "post"]);
      expect(output).toBe(Array.from({ length: 50 }, (_, i) => `${i + 1}\n`).join(""));
    });
  });

  describe("when a Task sub-agent runs", () => {
    it("reports the sub-agent's turns and tool calls as the Task call's progress, one line each", async () => {
      const registry = registryOf(
        tool(
          "Slow",
          async (input) => {
            await new Promise((resolve) => setTimeout(resolve, 250));
            return `slow:${input.v}`;
          },
          { safe: true },
        ).readOnly(),
      );
      const lines: string[] = [];
      const { server, loop } = await setupLoop(
        chat,
        [
          { toolCalls: [{ id: "call_T", name: "Task", input: { description: "look", prompt: "look" } }] },
          { toolCalls: [{ id: "call_S", name: "Slow", input: { v: "x" } }] },
          { text: "child report" },
          { text: "done" },
        ],
        {
          registry,
          observers: [{ onToolProgress: (e) => lines.push(`${e.id}: ${e.update.message}`) }],
        },
      );
      registry.register(taskTool({ registry, model: chat(server) }));
      await loop.run("go");
      expect(lines).toEqual(["call_T: turn 1", 'call_T: Slow {"v":"x"}', "call_T: turn 2"]);
    });
  });
});

describe("trajectoryObserver", () => {
  const at = (dir: string) => join(dir, "run.jsonl");
  const read = async (path: string) =>
    (await readFile(path, "utf8"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));

  describe("when a call reports progress", () => {
    it("writes tool_progress lines between tool_call and tool_result", async () => {
      const dir = await mkdtemp(join(tmpdir(), "loop-progress-traj-"));
      try {
        const registry = registryOf();
        registry.register(progressTool("Steps", { gapMs: 150 }));
        const { loop } = await setupLoop(
          chat,
          [{ toolCalls: [{ id: "c1", name: "Steps", input: {} }] }, { text: "ok" }],
          {
            registry,
            observers: [trajectoryObserver({ path: at(dir), clock: manualClock({ startMs: 0 }) })],
          },
        );
        await loop.run("go");
        const lines = (await read(at(dir))).filter((l) => l.id === "c1");
        expect(lines.map((l) => l.event)).toEqual([
          "tool_call",
          "tool_progress",
          "tool_progress",
          "tool_progress",
          "tool_result",
        ]);
        expect(lines[3]).toEqual({
          ts: "1970-01-01T00:00:00.000Z",
          event: "tool_progress",
          turn: 1,
          id: "c1",
          name: "Steps",
          message: "step 3 of 3",
          progress: 3,
          total: 3,
          output: "3\n",
        });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  });

  describe("when a call reports more lines than the bound", () => {
    it("writes the first 100, cuts output tails to 2000 characters and counts the rest in tool_result", async () => {
      const dir = await mkdtemp(join(tmpdir(), "loop-progress-bound-"));
      try {
        const observer = trajectoryObserver({ path: at(dir), clock: manualClock({ startMs: 0 }) });
        const base = {
          runId: "run-1",
          turn: 1,
          id: "c1",
          name: "Big",
          tool: undefined,
          recordsTrajectory: true,
        };
        for (let i = 0; i < 130; i++)
          observer.onToolProgress?.({ ...base, update: { output: "x".repeat(5000) } });
        observer.onToolPost?.({ ...base, input: {}, output: ToolOutput.text("ok"), durationMs: 1 });
        const lines = await read(at(dir));
        expect(lines.filter((l) => l.event === "tool_progress")).toHaveLength(100);
        expect(lines[0].output).toHaveLength(2000);
        expect(lines.at(-1)).toMatchObject({ event: "tool_result", progressDropped: 30 });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  });

  describe("when the tool opts out of recording", () => {
    it("writes its progress figures without message or output", async () => {
      const dir = await mkdtemp(join(tmpdir(), "loop-progress-secret-"));
      try {
        const observer = trajectoryObserver({ path: at(dir), clock: manualClock({ startMs: 0 }) });
        observer.onToolProgress?.({
          turn: 1,
          id: "c1",
          name: "Secret",
          tool: undefined,
          recordsTrajectory: false,
          update: { message: "token=abc", output: "token=abc\n", progress: 1, total: 2 },
        });
        const [line] = await read(at(dir));
        expect(line).toEqual({
          ts: "1970-01-01T00:00:00.000Z",
          event: "tool_progress",
          turn: 1,
          id: "c1",
          name: "Secret",
          progress: 1,
          total: 2,
        });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  });
});
