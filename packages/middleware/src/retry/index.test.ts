import { registryWith, runOne } from "@toolkit/test-kit";
import { createToolContext, FnTool, ToolError, ToolOutput } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { timeout } from "../timeout/index.js";
import { defaultRetryOn, retry } from "./index.js";

/** An idempotent tool that fails `failures` times with `error`, then answers "ok". */
function flaky(failures: number, error: () => unknown, { idempotent = true } = {}) {
  const calls = { count: 0 };
  const tool = new FnTool("flaky", "Fails, then works.", { type: "object" }, () => {
    calls.count++;
    if (calls.count <= failures) throw error();
    return "ok";
  }).idempotent(idempotent);
  return { tool, calls };
}

const fast = { baseMs: 1, jitter: false };

describe("retry", () => {
  describe("when an idempotent tool fails then works", () => {
    it("tries again and returns the success", async () => {
      const { tool, calls } = flaky(2, () => new Error("ECONNRESET"));
      const r = await runOne(registryWith(tool), [retry({ attempts: 3, ...fast })], {
        name: "flaky",
        input: {},
      });
      expect(r.output.textContent()).toBe("ok");
      expect(calls.count).toBe(3);
    });

    it("retries a Timeout from an inner layer", async () => {
      let count = 0;
      const tool = new FnTool("slowOnce", "d", { type: "object" }, async () => {
        count++;
        if (count === 1) await new Promise((resolve) => setTimeout(resolve, 50));
        return "ok";
      }).idempotent();
      const layers = [retry({ attempts: 2, ...fast }), timeout({ seconds: 0.01 })];
      const r = await runOne(registryWith(tool), layers, { name: "slowOnce", input: {} });
      expect(r.output.textContent()).toBe("ok");
      expect(count).toBe(2);
    });
  });

  describe("when every attempt fails", () => {
    it("returns the last failure after `attempts` tries", async () => {
      let n = 0;
      const { tool, calls } = flaky(10, () => new Error(`failure ${++n}`));
      const r = await runOne(registryWith(tool), [retry({ attempts: 3, ...fast })], {
        name: "flaky",
        input: {},
      });
      expect(r.output.textContent()).toBe("Tool 'flaky' threw: failure 3");
      expect(calls.count).toBe(3);
    });
  });

  describe("when the failure must not be retried", () => {
    it.each([
      ["Permission", () => ToolError.permission("no")],
      ["InvalidInput", () => ToolError.invalidInput("bad")],
      ["Cancelled", () => ToolError.cancelled()],
      ["NotFound", () => ToolError.notFound("x", [])],
    ])("never retries %s, even when retryOn says yes", async (_kind, error) => {
      const { tool, calls } = flaky(5, error);
      await runOne(registryWith(tool), [retry({ attempts: 3, retryOn: () => true, ...fast })], {
        name: "flaky",
        input: {},
      });
      expect(calls.count).toBe(1);
    });

    it("never retries a tool that is not idempotent", async () => {
      const { tool, calls } = flaky(1, () => new Error("boom"), { idempotent: false });
      const r = await runOne(registryWith(tool), [retry({ ...fast })], { name: "flaky", input: {} });
      expect(r.output.textContent()).toBe("Tool 'flaky' threw: boom");
      expect(calls.count).toBe(1);
    });

    it("passes a rejected call through untouched", async () => {
      const { tool, calls } = flaky(0, () => new Error("x"));
      const r = await runOne(registryWith(tool), [retry({ ...fast })], {
        name: "flaky",
        input: "not an object",
      });
      expect(r.output.textContent()).toMatch(/^Invalid input: /);
      expect(calls.count).toBe(0);
    });

    it("does not retry error outputs by default, but does when retryOn asks", async () => {
      let count = 0;
      const tool = new FnTool("soft", "d", { type: "object" }, () =>
        ++count < 3 ? ToolOutput.errorText("busy") : "ok",
      ).idempotent();
      const r = await runOne(registryWith(tool), [retry(fast)], { name: "soft", input: {} });
      expect([r.output.textContent(), count]).toEqual(["busy", 1]);
      count = 0;
      const retryBusy = retry({
        ...fast,
        retryOn: (f) => f.type === "output" && f.output.textContent() === "busy",
      });
      const r2 = await runOne(registryWith(tool), [retryBusy], { name: "soft", input: {} });
      expect([r2.output.textContent(), count]).toEqual(["ok", 3]);
    });

    it("stops waiting and retrying when the signal aborts", async () => {
      const controller = new AbortController();
      const { tool, calls } = flaky(5, () => {
        controller.abort();
        return new Error("down");
      });
      const ctx = createToolContext({ signal: controller.signal });
      const started = performance.now();
      await runOne(
        registryWith(tool),
        [retry({ attempts: 5, baseMs: 5000 })],
        { name: "flaky", input: {} },
        { ctx },
      );
      expect(calls.count).toBe(1);
      expect(performance.now() - started).toBeLessThan(1000);
    });
  });

  describe("when only some tools are named", () => {
    it("retries those, idempotent or not", async () => {
      const { tool, calls } = flaky(1, () => new Error("x"), { idempotent: false });
      const r = await runOne(registryWith(tool), [retry({ tools: ["flaky"], ...fast })], {
        name: "flaky",
        input: {},
      });
      expect(r.output.textContent()).toBe("ok");
      expect(calls.count).toBe(2);
    });
  });

  describe("defaultRetryOn", () => {
    it("retries thrown errors except FileNotFound and Json, never outputs", () => {
      expect(defaultRetryOn({ type: "thrown", error: new Error("x"), attempt: 1 })).toBe(true);
      expect(defaultRetryOn({ type: "thrown", error: ToolError.io("x"), attempt: 1 })).toBe(true);
      expect(defaultRetryOn({ type: "thrown", error: ToolError.fileNotFound("a"), attempt: 1 })).toBe(false);
      expect(defaultRetryOn({ type: "output", output: ToolOutput.errorText("x"), attempt: 1 })).toBe(false);
    });
  });

  describe("when options are wrong", () => {
    it.each([
      [{ attempts: 0 }, "retry: `attempts` must be an integer >= 1, got 0"],
      [{ baseMs: -1 }, "retry: `baseMs` must be a number >= 0, got -1"],
      [{ factor: 0.5 }, "retry: `factor` must be a number >= 1, got 0.5"],
      [{ retryOn: "yes" }, 'retry: `retryOn` must be a function, got "yes"'],
      [{ tools: [""] }, 'retry: `tools[0]` must be a tool name, got ""'],
    ])("throws a TypeError naming the option (%j)", (options, message) => {
      expect(() => retry(options as never)).toThrow(new TypeError(message));
    });
  });
});
