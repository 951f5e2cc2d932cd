import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { fnTool, registryWith, runOne } from "@toolkit/test-kit";
import { createToolContext, LazySignal } from "@toolkit/core";
import { dispatch } from "@toolkit/registry";
import { describe, expect, it } from "vitest";
import { timeout } from "./index.js";
import { Deadlines } from "./deadlines.js";

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("timeout's shared timer", () => {
  it("times out each call at its own limit, whatever order they started in", async () => {
    const layer = timeout({ seconds: 0.2, perTool: { quick: 0.03 } });
    const hang = (name: string) => fnTool(name, () => new Promise(() => {}));
    const registry = registryWith(hang("slow"), hang("quick"));
    const started = Date.now();
    const results = await dispatch(
      registry,
      [
        { id: "1", name: "slow", input: {} },
        { id: "2", name: "quick", input: {} },
        { id: "3", name: "quick", input: {} },
      ],
      { middleware: [layer], mode: "parallel" },
    );
    expect(results.map((r) => r.output.textContent().split("\n")[0])).toEqual([
      "Tool 'slow' timed out after 0.2s",
      "Tool 'quick' timed out after 0.03s",
      "Tool 'quick' timed out after 0.03s",
    ]);
    // The quick ones did not wait for the slow one's deadline.
    for (const r of results.slice(1)) expect(r.durationMs).toBeLessThan(190);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it("does not time out a call that settled, even when calls settle out of order", async () => {
    const layer = timeout({ seconds: 0.08 });
    const after = (name: string, ms: number) =>
      fnTool(name, async () => {
        await sleep(ms);
        return `${name} done`;
      });
    const registry = registryWith(after("late", 60), after("early", 5));
    const results = await dispatch(
      registry,
      [
        { id: "1", name: "late", input: {} },
        { id: "2", name: "early", input: {} },
      ],
      { middleware: [layer], mode: "parallel" },
    );
    expect(results.map((r) => r.output.textContent())).toEqual(["late done", "early done"]);
    // A later call on the same layer gets its own full limit.
    const again = await runOne(registry, [layer], { name: "late", input: {} });
    expect(again.output.textContent()).toBe("late done");
  });

  it("hands the tool a signal that the outer cancellation aborts even when it is read late", async () => {
    const controller = new AbortController();
    const tool = fnTool("reader", async (_input, ctx) => {
      await sleep(20);
      // Read only after the outer signal fired: the lazily made signal is already aborted.
      return ctx.signal.aborted ? `aborted: ${String(ctx.signal.reason)}` : "not aborted";
    });
    const ctx = createToolContext({ signal: controller.signal });
    setTimeout(() => controller.abort("user stop"), 5);
    const r = await runOne(
      registryWith(tool),
      [timeout({ seconds: 5 })],
      { name: "reader", input: {} },
      { ctx },
    );
    expect(r.output.textContent()).toBe("aborted: user stop");
  });

  it("lets the process exit once calls are done, though the limit is long", async () => {
    const script = `
      import { createToolContext, FnTool } from "@toolkit/core";
      import { dispatch, ToolRegistry } from "@toolkit/registry";
      import { timeout } from "@toolkit/middleware";
      const registry = new ToolRegistry();
      registry.register(new FnTool("t", "Answers.", { type: "object" }, () => "ok"));
      const [r] = await dispatch(registry, [{ id: "1", name: "t", input: {} }], { middleware: [timeout({ seconds: 600 })] });
      console.log(r.output.textContent());
    `;
    const started = Date.now();
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], {
      cwd: new URL("..", import.meta.url).pathname,
      timeout: 60_000,
    });
    expect(stdout.trim()).toBe("ok");
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it("keeps the process alive while a call waits on nothing but its deadline", async () => {
    const script = `
      import { FnTool } from "@toolkit/core";
      import { dispatch, ToolRegistry } from "@toolkit/registry";
      import { timeout } from "@toolkit/middleware";
      const registry = new ToolRegistry();
      registry.register(new FnTool("hang", "Never answers.", { type: "object" }, () => new Promise(() => {})));
      const [r] = await dispatch(registry, [{ id: "1", name: "hang", input: {} }], { middleware: [timeout({ seconds: 0.05 })] });
      console.log(r.output.textContent().split("\\n")[0]);
    `;
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], {
      cwd: new URL("..", import.meta.url).pathname,
      timeout: 60_000,
    });
    expect(stdout.trim()).toBe("Tool 'hang' timed out after 0.05s");
  });
});

describe("Deadlines", () => {
  it("fires only pending entries, in deadline order", async () => {
    const deadlines = new Deadlines();
    const fired: string[] = [];
    const a = deadlines.add(30, () => fired.push("a"));
    deadlines.add(10, () => fired.push("b"));
    deadlines.add(30, () => fired.push("c"));
    deadlines.settle(a, 30);
    await sleep(80);
    expect(fired).toEqual(["b", "c"]);
  });
});

describe("LazySignal", () => {
  it("makes no AbortSignal until read, and a late read sees an earlier abort", () => {
    const lazy = new LazySignal();
    expect(lazy.aborted).toBe(false);
    lazy.abort("why");
    lazy.abort("second reason is ignored");
    expect(lazy.aborted).toBe(true);
    expect(lazy.signal.aborted).toBe(true);
    expect(lazy.signal.reason).toBe("why");
  });
  it("aborts a signal already read", () => {
    const lazy = new LazySignal();
    const signal = lazy.signal;
    let heard = 0;
    signal.addEventListener("abort", () => heard++);
    lazy.abort();
    expect(signal.aborted).toBe(true);
    expect(heard).toBe(1);
  });
});
