import {
  createToolContext,
  FnTool,
  type ToolContext,
  type ToolProgress,
  type ToolProgressEvent,
} from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { dispatch } from "./dispatch.js";
import type { Middleware } from "./middleware.js";
import { ToolRegistry } from "../registry/tool-registry.js";

const OBJECT = { type: "object", properties: {}, additionalProperties: true } as const;

/** A tool that reports `n` updates, waiting `gapMs` between them, then answers. */
function reporter(name: string, n: number, gapMs: number) {
  return new FnTool(name, "Reports progress.", OBJECT, async (_input: unknown, ctx: ToolContext) => {
    for (let i = 1; i <= n; i++) {
      ctx.progress({ message: `${name} step ${i}`, progress: i, total: n, output: `${i}\n` });
      if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
    }
    return `${name} done`;
  });
}

function registryWith(...tools: FnTool[]) {
  const registry = new ToolRegistry({ logger: { warn() {} } });
  for (const t of tools) registry.register(t);
  return registry;
}

describe("dispatch with onProgress", () => {
  it("tags each update with its call and delivers them before the result", async () => {
    const events: Array<ToolProgressEvent | { result: string }> = [];
    const registry = registryWith(reporter("slow", 3, 150));
    const results = await dispatch(registry, [{ id: "c1", name: "slow", input: {} }], {
      onProgress: (e) => events.push(e),
    });
    events.push({ result: results[0]?.output.textContent() ?? "" });
    expect(events).toEqual([
      { callId: "c1", tool: "slow", message: "slow step 1", progress: 1, total: 3, output: "1\n" },
      { callId: "c1", tool: "slow", message: "slow step 2", progress: 2, total: 3, output: "2\n" },
      { callId: "c1", tool: "slow", message: "slow step 3", progress: 3, total: 3, output: "3\n" },
      { result: "slow done" },
    ]);
  });

  it("limits each call separately and coalesces without losing output", async () => {
    const events: ToolProgressEvent[] = [];
    const registry = registryWith(reporter("a", 200, 0), reporter("b", 200, 0));
    await dispatch(
      registry,
      [
        { id: "1", name: "a", input: {} },
        { id: "2", name: "b", input: {} },
      ],
      { onProgress: (e) => events.push(e), mode: "parallel" },
    );
    for (const id of ["1", "2"]) {
      const mine = events.filter((e) => e.callId === id);
      // 200 synchronous updates: the first goes at once, the rest are flushed together at the end.
      expect(mine).toHaveLength(2);
      expect(mine.map((e) => e.output).join("")).toBe(
        Array.from({ length: 200 }, (_, i) => `${i + 1}\n`).join(""),
      );
      expect(mine.at(-1)?.progress).toBe(200);
    }
  });

  it("forwards to the session's own onProgress, through middleware that derives contexts", async () => {
    const session: ToolProgress[] = [];
    const ctx = createToolContext({ onProgress: (u) => session.push(u) });
    const derive: Middleware = async function derive(call, next) {
      return next({ ...call, ctx: call.ctx.withSignal(new AbortController().signal) });
    };
    await dispatch(registryWith(reporter("t", 1, 0)), [{ id: "x", name: "t", input: {} }], {
      ctx,
      middleware: [derive],
    });
    expect(session).toEqual([{ message: "t step 1", progress: 1, total: 1, output: "1\n" }]);
  });

  it("drops updates sent after the call ended", async () => {
    const events: ToolProgressEvent[] = [];
    let leaked: ToolContext | undefined;
    const tool = new FnTool("leak", "Keeps its context.", OBJECT, (_i: unknown, ctx: ToolContext) => {
      leaked = ctx;
      return "ok";
    });
    await dispatch(registryWith(tool), [{ id: "1", name: "leak", input: {} }], {
      onProgress: (e) => events.push(e),
    });
    leaked?.progress({ message: "after the end" });
    await new Promise((r) => setTimeout(r, 150));
    expect(events).toEqual([]);
  });

  it("keeps the call's result when the listener throws", async () => {
    const results = await dispatch(registryWith(reporter("t", 2, 0)), [{ id: "1", name: "t", input: {} }], {
      onProgress: () => {
        throw new Error("host bug");
      },
    });
    expect(results[0]?.output.isError).toBe(false);
    expect(results[0]?.output.textContent()).toBe("t done");
  });

  it("refuses a listener or rate of the wrong shape, naming the option", async () => {
    const registry = registryWith(reporter("t", 1, 0));
    await expect(dispatch(registry, [], { onProgress: "log" as never })).rejects.toThrow(
      /onProgress.*string/,
    );
    await expect(dispatch(registry, [], { progressPerSecond: -1 })).rejects.toThrow(/progressPerSecond.*-1/);
  });
});
