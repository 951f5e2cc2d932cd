import { describe, expect, it } from "vitest";
import { createToolContext } from "../context/context.js";
import { Think } from "./think.js";
import { toolTraits } from "../tool/tool.js";

describe("Think", () => {
  const ctx = createToolContext();
  it("answers ok to a thought", async () => {
    const out = await new Think().call({ thought: "The test fails because..." }, ctx);
    expect(out.textContent()).toBe("ok");
    expect(out.isError).toBe(false);
  });
  it.each([
    [{}, "Invalid input: missing required field `thought` (expected string)"],
    [{ thought: 3 }, "Invalid input: `thought` must be string, got integer (3)"],
    [{ thought: "x", extra: 1 }, "Invalid input: unexpected field `extra` (allowed: thought)"],
  ])("refuses %o", async (input, message) => {
    const out = await new Think().call(input, ctx);
    expect(out.isError).toBe(true);
    expect(out.textContent()).toContain(message);
  });
  it("is read-only and concurrency-safe under its wire name", () => {
    const think = new Think();
    expect(think.schema().tool).toBe("Think");
    expect(think.name).toBe("Think");
    const traits = toolTraits(think);
    expect(traits.isReadOnly).toBe(true);
    expect(traits.isConcurrencySafe).toBe(true);
  });
  it("teaches the procedure in its description", () => {
    for (const step of ["restate the goal", "options", "check the chosen plan", "decide"]) {
      expect(new Think().description).toContain(step);
    }
  });
});
