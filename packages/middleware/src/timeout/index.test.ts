import { fnTool, registryWith, runOne } from "@toolkit/test-kit";
import { createToolContext, ToolError } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { timeout } from "./index.js";

const slow = (ms: number) =>
  fnTool("slow", async (_input, ctx) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return ctx.signal.aborted ? "saw abort" : "done";
  });

describe("timeout", () => {
  describe("when the tool finishes in time", () => {
    it("returns its output untouched", async () => {
      const r = await runOne(registryWith(slow(5)), [timeout({ seconds: 1 })], { name: "slow", input: {} });
      expect(r.output.isError).toBe(false);
      expect(r.output.textContent()).toBe("done");
    });
  });

  describe("when the tool runs past the deadline", () => {
    it("answers the soft Timeout error and aborts the signal the tool sees", async () => {
      let seen: AbortSignal | undefined;
      let reason: unknown;
      const tool = fnTool("hang", (_input, ctx) => {
        seen = ctx.signal;
        return new Promise((resolve) => {
          ctx.signal.addEventListener("abort", () => {
            reason = ctx.signal.reason;
            resolve("stopped");
          });
        });
      });
      const r = await runOne(registryWith(tool), [timeout({ seconds: 0.02 })], { name: "hang", input: {} });
      expect(r.output.isError).toBe(true);
      expect(r.output.textContent()).toBe(
        "Tool 'hang' timed out after 0.02s\nRetry with a longer timeout, or split the work into smaller steps.",
      );
      expect(seen?.aborted).toBe(true);
      expect(ToolError.is(reason) && reason.kind).toBe("Timeout");
    });

    it("uses a per-tool limit over the default", async () => {
      const layer = timeout({ seconds: 0.01, perTool: { slow: 1 } });
      const r = await runOne(registryWith(slow(30)), [layer], { name: "slow", input: {} });
      expect(r.output.textContent()).toBe("done");
      const short = timeout({ seconds: 1, perTool: { slow: 0.01 } });
      const r2 = await runOne(registryWith(slow(200)), [short], { name: "slow", input: {} });
      expect(r2.output.textContent()).toMatch(/^Tool 'slow' timed out after 0.01s\n/);
    });

    it("drops a failure the tool raises after the deadline", async () => {
      const tool = fnTool("late", async () => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        throw new Error("too late");
      });
      const r = await runOne(registryWith(tool), [timeout({ seconds: 0.005 })], { name: "late", input: {} });
      expect(r.output.textContent()).toMatch(/^Tool 'late' timed out after 0.005s/);
      await new Promise((resolve) => setTimeout(resolve, 40));
    });
  });

  describe("when the outer signal aborts", () => {
    it("lets the tool see the cancellation through the combined signal", async () => {
      const controller = new AbortController();
      const tool = fnTool("wait", (_input, ctx) => {
        setTimeout(() => controller.abort(), 5);
        return new Promise((_, reject) => {
          ctx.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        });
      });
      const ctx = createToolContext({ signal: controller.signal });
      const r = await runOne(
        registryWith(tool),
        [timeout({ seconds: 5 })],
        { name: "wait", input: {} },
        { ctx },
      );
      expect(r.output.textContent()).toBe(
        "Cancelled\nThe call was cancelled; stop and wait for the user's next instruction.",
      );
    });
  });

  describe("when the call is rejected", () => {
    it("passes it through without a timer", async () => {
      const r = await runOne(registryWith(slow(1)), [timeout({ seconds: 1 })], { name: "nope", input: {} });
      expect(r.output.textContent()).toMatch(/^Tool not found: nope\. Available: slow\n/);
    });
  });

  describe("when options are wrong", () => {
    it.each([
      [{ seconds: 0 }, "timeout: `seconds` must be a positive number, got 0"],
      [{ seconds: Number.NaN }, "timeout: `seconds` must be a positive number, got NaN"],
      [{ seconds: 1, perTool: { Shell: -1 } }, "timeout: `perTool.Shell` must be a positive number, got -1"],
      [
        { seconds: 1, perTool: [] },
        "timeout: `perTool` must be an object of tool name to seconds, got an array",
      ],
    ])("throws a TypeError naming the option (%j)", (options, message) => {
      expect(() => timeout(options as never)).toThrow(new TypeError(message));
    });
  });
});
