import { createToolContext, ToolError, ToolOutput } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { checkHostToolFlags, createHostTool } from "./create-host-tool.js";
import { dispatch } from "../dispatch/dispatch.js";
import { ToolRegistry } from "../registry/tool-registry.js";

const inputSchema = { type: "object", properties: { s: { type: "string" } }, required: ["s"] };

describe("createHostTool", () => {
  describe("when given a host tool's parts", () => {
    it("returns a Tool with a frozen schema and constant traits", () => {
      const tool = createHostTool({
        name: "echo",
        description: "Echoes s.",
        inputSchema,
        readOnly: true,
        concurrencySafe: false,
        call: async () => ToolOutput.text("ok"),
      });
      expect(tool.name).toBe("echo");
      expect(tool.description).toBe("Echoes s.");
      expect(tool.schema()).toEqual({ tool: "echo", description: "Echoes s.", input_schema: inputSchema });
      expect(Object.isFrozen(tool.schema())).toBe(true);
      expect(tool.schema()).toBe(tool.schema());
      expect(tool.isReadOnly?.()).toBe(true);
      expect(tool.isConcurrencySafe?.()).toBe(false);
    });

    it("validates a direct call and answers a ToolError as a soft failure; throws anything else", async () => {
      const seen: unknown[] = [];
      const tool = createHostTool({
        name: "echo",
        description: "Echoes s.",
        inputSchema,
        readOnly: true,
        concurrencySafe: true,
        call: async (input) => {
          seen.push(input);
          const { s } = input as { s: string };
          if (s === "deny") throw ToolError.permission("not this one");
          if (s === "bug") throw new TypeError("host bug");
          return ToolOutput.text(s);
        },
      });
      const ctx = createToolContext();
      const refused = await tool.call({ s: 1 }, ctx);
      expect(refused.isError).toBe(true);
      expect(refused.textContent()).toContain("`s` must be string");
      expect(seen).toEqual([]);
      expect((await tool.call({ s: "deny" }, ctx)).textContent()).toBe(
        ToolError.permission("not this one").modelText(),
      );
      await expect(tool.call({ s: "bug" }, ctx)).rejects.toThrow(TypeError);
    });

    it("runs `call` when dispatched", async () => {
      const registry = new ToolRegistry();
      const seen: unknown[] = [];
      registry.register(
        createHostTool({
          name: "echo",
          description: "Echoes s.",
          inputSchema,
          readOnly: false,
          concurrencySafe: false,
          call: async (input) => {
            seen.push(input);
            return ToolOutput.text("echoed");
          },
        }),
      );
      const [result] = await dispatch(registry, [{ id: "1", name: "echo", input: { s: "hi" } }], {
        ctx: createToolContext({ cwd: "/tmp" }),
      });
      expect(seen).toEqual([{ s: "hi" }]);
      expect(result?.output.textContent()).toBe("echoed");
    });
  });
});

describe("checkHostToolFlags", () => {
  describe("when both flags are booleans", () => {
    it("returns", () => {
      expect(() =>
        checkHostToolFlags("fromHostTool", { readOnly: false, concurrencySafe: true }),
      ).not.toThrow();
    });
  });

  describe("when a flag is not a boolean", () => {
    it.each([
      [{ readOnly: "yes", concurrencySafe: true }, "fromHostTool: `readOnly` must be a boolean"],
      [{ readOnly: true, concurrencySafe: 1 }, "fromHostTool: `concurrencySafe` must be a boolean"],
      [{ readOnly: 1, concurrencySafe: 1 }, "fromHostTool: `readOnly` must be a boolean"],
    ])("throws a TypeError naming it (%j)", (flags, message) => {
      expect(() => checkHostToolFlags("fromHostTool", flags)).toThrow(new TypeError(message));
    });
  });
});
