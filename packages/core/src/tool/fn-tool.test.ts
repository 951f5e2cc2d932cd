import { describe, expect, it } from "vitest";
import { createToolContext } from "../context/context.js";
import { descriptorDigest } from "./digest.js";
import { adviceFor, ToolError } from "../errors/error.js";
import { FnTool } from "./fn-tool.js";
import { ToolOutput } from "../output/output.js";
import { secondCopy } from "../test/second-copy.test-support.js";
import { toolTraits } from "./tool.js";

const schema = {
  type: "object",
  properties: { a: { type: "number" }, b: { type: "number" } },
  required: ["a", "b"],
};
const add = () =>
  new FnTool("add", "Adds two numbers.", schema, ({ a, b }: { a: number; b: number }) => String(a + b));
const ctx = createToolContext();

describe("FnTool", () => {
  describe("when called", () => {
    it("validates the input and returns the function's text", async () => {
      const out = await add().call({ a: 1, b: 2 }, ctx);
      expect(out.textContent()).toBe("3");
      expect(out.isError).toBe(false);
    });
    it("answers InvalidInput naming the field, as a soft failure, before the function runs", async () => {
      let ran = false;
      const tool = new FnTool("t", "d", schema, () => {
        ran = true;
        return "x";
      });
      const out = await tool.call({ a: 1 }, ctx);
      expect(out.isError).toBe(true);
      expect(out.textContent()).toBe(
        `Invalid input: missing required field \`b\` (expected number)\n${adviceFor("InvalidInput")}`,
      );
      expect(ran).toBe(false);
    });
    it("maps a returned ToolOutput, a string and a JSON value", async () => {
      const out = ToolOutput.errorText("no");
      expect(await new FnTool("t", "d", {}, () => out).call({}, ctx)).toBe(out);
      expect((await new FnTool("t", "d", {}, () => ({ ok: 1 })).call({}, ctx)).structuredValue()).toEqual({
        ok: 1,
      });
      expect((await new FnTool("t", "d", {}, async () => "hi").call({}, ctx)).textContent()).toBe("hi");
    });
    it("returns a ToolOutput from another copy of the package as is, not as {}", async () => {
      const other = await secondCopy<typeof import("../output/output.js")>("../output/output.js");
      const foreign = other.ToolOutput.text("hello").withStructured({ n: 1 });
      const out = await new FnTool("t", "d", {}, () => foreign).call({}, ctx);
      expect(out).toBe(foreign);
      expect(out.textContent()).toBe("hello");
      expect(out.structuredValue()).toEqual({ n: 1 });
    });
    it("passes the context through", async () => {
      const tool = new FnTool("t", "d", {}, (_i, c) => c.sessionId);
      expect((await tool.call({}, ctx)).textContent()).toBe(ctx.sessionId);
    });
  });
  describe("when built", () => {
    it("exposes the schema the model sees", () => {
      expect(add().schema()).toEqual({ tool: "add", description: "Adds two numbers.", input_schema: schema });
    });
    it.each([
      ["", "d", /`name` must match/],
      ["has space", "d", /`name` must match.*"has space"/],
      ["x".repeat(129), "d", /`name` must match/],
      ["ok", "  ", /`description` of tool 'ok' must be a non-empty string/],
    ])("refuses name %j with description %j", (name, description, error) => {
      expect(() => new FnTool(name, description, {}, () => "")).toThrow(error);
    });
    it("refuses a schema that is not an object", () => {
      expect(() => new FnTool("t", "d", [] as never, () => "")).toThrow(/`inputSchema` of tool 't'/);
    });
  });
  describe("when traits are left alone", () => {
    it("has the documented defaults", () => {
      const traits = toolTraits(add());
      expect(traits.isConcurrencySafe).toBe(false);
      expect(traits.isSafeForConcurrentExecution({})).toBe(false);
      expect(traits.resourceKey({})).toBeUndefined();
      expect(traits.isReadOnly).toBe(false);
      expect(traits.systemPrompt).toBeUndefined();
      expect(traits.recordsTrajectory).toBe(true);
      expect(traits.isIdempotent).toBe(false);
      expect(traits.needsApproval({})).toBe(false);
      expect(traits.descriptorDigest).toBe(descriptorDigest(add()));
    });
  });
  describe("when a tool declares that some calls need approval", () => {
    it("passes each input to its needsApproval", () => {
      const tool = Object.assign(add(), {
        needsApproval: (input: unknown) => (input as { a: number }).a > 1,
      });
      expect(toolTraits(tool).needsApproval({ a: 2, b: 0 })).toBe(true);
      expect(toolTraits(tool).needsApproval({ a: 1, b: 0 })).toBe(false);
    });
  });

  describe("when traits are chained", () => {
    it("sets each one", () => {
      const tool = add()
        .readOnly()
        .concurrencySafe()
        .withResourceKey((i) => `k${i.a}`)
        .withSystemPrompt("Use add for sums.")
        .withoutTrajectory();
      expect(tool.isReadOnly()).toBe(true);
      expect(tool.isConcurrencySafe()).toBe(true);
      expect(tool.isSafeForConcurrentExecution({ a: 1, b: 1 })).toBe(true);
      expect(tool.resourceKey({ a: 7, b: 1 })).toBe("k7");
      expect(tool.systemPrompt()).toBe("Use add for sums.");
      expect(tool.recordsTrajectory()).toBe(false);
      expect(tool.isIdempotent()).toBe(true);
    });
    it("decides concurrency per input with a check", () => {
      const tool = add()
        .concurrencySafe()
        .withConcurrencyCheck((i) => i.a > 0);
      expect(tool.isSafeForConcurrentExecution({ a: 1, b: 0 })).toBe(true);
      expect(tool.isSafeForConcurrentExecution({ a: -1, b: 0 })).toBe(false);
    });
  });
  describe("when the function throws", () => {
    it("answers a ToolError as a soft failure with its advice", async () => {
      const tool = new FnTool("t", "d", {}, () => {
        throw ToolError.execution("bad");
      });
      const out = await tool.call({}, ctx);
      expect(out.isError).toBe(true);
      expect(out.textContent()).toBe(`Execution error: bad\n${adviceFor("Execution")}`);
    });
    it("throws any other error: a bug, for dispatch to report", async () => {
      const tool = new FnTool("t", "d", {}, () => {
        throw new RangeError("off by one");
      });
      await expect(tool.call({}, ctx)).rejects.toThrow(RangeError);
    });
  });
});
