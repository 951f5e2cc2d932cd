import { checkInputShape, createToolContext, FnTool, type JsonSchema, validateInput } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { dispatch } from "./dispatch.js";
import type { Middleware } from "./middleware.js";
import { ToolRegistry } from "../registry/tool-registry.js";

const SCHEMA: JsonSchema = {
  type: "object",
  properties: { n: { type: "number" } },
  required: ["n"],
  additionalProperties: false,
};

/** An input whose field counts how often anything reads it: validation reads it, `run` below does not. */
function counted(): { input: { n: number }; reads: () => number } {
  let reads = 0;
  const input = {} as { n: number };
  Object.defineProperty(input, "n", {
    enumerable: true,
    get() {
      reads++;
      return 1;
    },
  });
  return { input, reads: () => reads };
}

function registryWithCounter(): { registry: ToolRegistry; runs: () => number } {
  let runs = 0;
  const tool = new FnTool("count", "Counts its calls.", SCHEMA, () => {
    runs++;
    return "ok";
  });
  const registry = new ToolRegistry();
  registry.register(tool);
  return { registry, runs: () => runs };
}

/** How many reads one validation of a counted input makes, plus the one read of the walk that refuses cycles and too deep nesting. */
function readsOfOneValidation(): number {
  const { input, reads } = counted();
  checkInputShape(input);
  validateInput(SCHEMA, input);
  return reads();
}

describe("dispatch validates a tool's input once", () => {
  it("reads the input for one shape walk and one validation only, not one in dispatch and one in the tool", async () => {
    const once = readsOfOneValidation();
    expect(once).toBeGreaterThan(0);
    const { registry, runs } = registryWithCounter();
    const { input, reads } = counted();
    const [result] = await dispatch(registry, [{ id: "1", name: "count", input }]);
    expect(result?.output.textContent()).toBe("ok");
    expect(runs()).toBe(1);
    expect(reads()).toBe(once);
  });

  it("still validates in the tool when it is called directly", async () => {
    const once = readsOfOneValidation();
    const { registry, runs } = registryWithCounter();
    const { input, reads } = counted();
    await registry.get("count")?.call(input, createToolContext());
    expect(reads()).toBe(once);
    expect(runs()).toBe(1);
    const refused = await registry.get("count")?.call({ n: "1" }, createToolContext());
    expect(refused?.isError).toBe(true);
    expect(runs()).toBe(1);
  });

  it("validates in the tool an input a middleware replaced after dispatch checked the original", async () => {
    const swap: Middleware = (call, next) => next({ ...call, input: { n: "not a number" } });
    const { registry, runs } = registryWithCounter();
    const [result] = await dispatch(registry, [{ id: "1", name: "count", input: { n: 1 } }], {
      middleware: [swap],
    });
    expect(result?.output.isError).toBe(true);
    expect(result?.output.textContent()).toContain("`n` must be number");
    expect(runs()).toBe(0);
  });

  it("leaves validation to the tool when dispatch is told not to validate", async () => {
    const { registry, runs } = registryWithCounter();
    const [result] = await dispatch(registry, [{ id: "1", name: "count", input: { n: "1" } }], {
      validate: false,
    });
    expect(result?.output.isError).toBe(true);
    expect(runs()).toBe(0);
  });

  it("in strict mode, the tool validates the rebuilt input against its own schema", async () => {
    const once = readsOfOneValidation();
    const { registry, runs } = registryWithCounter();
    const { input, reads } = counted();
    const [result] = await dispatch(registry, [{ id: "1", name: "count", input }], { strict: true });
    expect(result?.output.textContent()).toBe("ok");
    expect(runs()).toBe(1);
    // Dispatch checks what the model sent against the strict schema; the tool checks the rebuilt object.
    expect(reads()).toBeGreaterThanOrEqual(once);
  });
});
