import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { manualClock } from "../runtime/clock.js";
import { DIALECTS, echo, registryOf, useLoopHarness } from "../loop/test-kit.js";
import { trajectoryObserver } from "../observers/trajectory-observer.js";
import { taskTool } from "./task-tool.js";

const setupLoop = useLoopHarness();
const chat = (DIALECTS[0] as (typeof DIALECTS)[number]).client;

describe("trajectoryObserver", () => {
  describe("when a Task call runs a sub-agent", () => {
    it("writes the sub-agent's events tagged with the Task call id and depth", async () => {
      const dir = await mkdtemp(join(tmpdir(), "loop-task-traj-"));
      try {
        const path = join(dir, "run.jsonl");
        const registry = registryOf(echo("Echo").readOnly());
        const { server, loop } = await setupLoop(
          chat,
          [
            { toolCalls: [{ id: "call_T", name: "Task", input: { description: "look", prompt: "look" } }] },
            { toolCalls: [{ id: "call_E", name: "Echo", input: { v: "x" } }] },
            { text: "child report" },
            { text: "done" },
          ],
          { registry, observers: [trajectoryObserver({ path, clock: manualClock({ startMs: 0 }) })] },
        );
        registry.register(taskTool({ registry, model: chat(server) }));
        await loop.run("go");
        const all = (await readFile(path, "utf8"))
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l));
        // The Task call's own progress (the sub-agent's turns and calls) lies between its call and result.
        const events = all.map((l) => l.event);
        const progress = events.flatMap((e, i) => (e === "tool_progress" ? [i] : []));
        expect(progress.length).toBeGreaterThan(0);
        expect(all.filter((l) => l.event === "tool_progress").every((l) => l.id === "call_T")).toBe(true);
        expect(Math.min(...progress)).toBeGreaterThan(events.indexOf("tool_call"));
        expect(Math.max(...progress)).toBeLessThan(events.lastIndexOf("tool_result"));
        const lines = all.filter((l) => l.event !== "tool_progress");
        expect(lines.map((l) => [l.event, l.task ?? null])).toEqual([
          ["turn_start", null],
          ["request", null],
          ["reply", null],
          ["tool_call", null],
          ["task_start", "call_T"],
          ["turn_start", "call_T"],
          ["request", "call_T"],
          ["reply", "call_T"],
          ["tool_call", "call_T"],
          ["tool_result", "call_T"],
          ["turn_start", "call_T"],
          ["request", "call_T"],
          ["reply", "call_T"],
          ["finish", "call_T"],
          ["tool_result", null],
          ["turn_start", null],
          ["request", null],
          ["reply", null],
          ["finish", null],
        ]);
        expect(lines[4]).toMatchObject({ depth: 1, description: "look" });
        expect(lines[9]).toMatchObject({ depth: 1, name: "Echo", output: "Echo:x" });
        expect(lines[13]).toMatchObject({ depth: 1, text: "child report" });
        expect(lines[18]).not.toHaveProperty("depth");
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  });

  describe("when `fields` is not an object", () => {
    it("throws a TypeError naming it", () => {
      const fields = "run" as unknown as Record<string, string>;
      expect(() => trajectoryObserver({ path: "x.jsonl", fields })).toThrow(
        'trajectoryObserver: `fields` must be an object of fields, got "run"',
      );
    });
  });
});
