import { FnTool, type Tool, ToolOutput } from "@toolkit/core";
import { hostileThrownValues } from "@toolkit/core/test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dispatch } from "./dispatch.js";
import type { Middleware } from "./middleware.js";
import { ToolRegistry } from "../registry/tool-registry.js";

/** Where the hostile value comes from. */
const WAYS = [
  "thrown by call",
  "rejected by call",
  "thrown by normalizeInput",
  "thrown by a middleware",
] as const;

function hostileTool(way: (typeof WAYS)[number], make: () => unknown): Tool {
  const tool = new FnTool("hostile", "Throws what it is told to.", { type: "object" }, () => {
    throw make();
  });
  if (way === "rejected by call") return Object.assign(tool, { call: () => Promise.reject(make()) });
  if (way === "thrown by normalizeInput") {
    return Object.assign(tool, {
      normalizeInput: () => {
        throw make();
      },
    });
  }
  return tool;
}

describe("dispatch", () => {
  describe("when a tool throws a value that fights back", () => {
    it("answers a soft failure and never rejects, whatever was thrown and wherever", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...hostileThrownValues()),
          fc.constantFrom(...WAYS),
          fc.string(),
          fc.constantFrom("sequential" as const, "parallel" as const),
          async (hostile, way, text, mode) => {
            const make = () => hostile.make(text);
            const registry = new ToolRegistry({ logger: { warn() {} } });
            registry.register(hostileTool(way, make));
            const middleware: Middleware[] =
              way === "thrown by a middleware"
                ? [
                    async function hostileLayer() {
                      throw make();
                    },
                  ]
                : [];
            const results = await dispatch(registry, [{ id: "1", name: "hostile", input: {} }], {
              middleware,
              mode,
            });
            expect(results).toHaveLength(1);
            const output = results[0]?.output;
            expect(ToolOutput.is(output)).toBe(true);
            expect(output?.isError).toBe(true);
            expect(typeof output?.textContent()).toBe("string");
          },
        ),
      );
    });
    it("describes a message getter that throws instead of rejecting", async () => {
      const registry = new ToolRegistry();
      const error = Object.defineProperty(new Error("hidden"), "message", {
        get() {
          throw new Error("getter");
        },
      });
      registry.register(hostileTool("thrown by call", () => error));
      const [result] = await dispatch(registry, [{ id: "1", name: "hostile", input: {} }]);
      expect(result?.output.textContent()).toBe("Tool 'hostile' threw: [object Error]");
    });
  });
  describe("when a tool returns a value that fights back", () => {
    it("answers a soft failure naming what came back", async () => {
      for (const hostile of hostileThrownValues()) {
        const registry = new ToolRegistry();
        registry.register(
          Object.assign(new FnTool("odd", "Returns odd values.", { type: "object" }, () => ""), {
            call: async () => hostile.make("x"),
          }),
        );
        const [result] = await dispatch(registry, [{ id: "1", name: "odd", input: {} }]);
        expect(result?.output.isError, hostile.label).toBe(true);
        expect(result?.output.textContent(), hostile.label).toMatch(/^Tool 'odd' threw: /);
      }
    });
  });
});
