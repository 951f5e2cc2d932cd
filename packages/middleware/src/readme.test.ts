import { createToolContext, Think } from "@toolkit/core";
import { dispatch, ToolRegistry } from "@toolkit/registry";
import { describe, expect, it } from "vitest";
import { outputLimit, permissions, redact, timeout, trace, unknownToolHints } from "./index.js";

describe("README", () => {
  describe("when the opening example runs", () => {
    it("answers a misspelled name with the hint it shows", async () => {
      const registry = new ToolRegistry();
      registry.register(new Think());
      const middleware = [
        trace(),
        unknownToolHints(),
        outputLimit({ maxBytes: 32_768 }),
        redact(),
        permissions({ rules: { allow: ["Think"] }, mode: "deny" }),
        timeout({ seconds: 30 }),
      ];
      const [result] = await dispatch(registry, [{ id: "c1", name: "think", input: { thought: "plan" } }], {
        ctx: createToolContext(),
        middleware,
      });
      expect(result?.output.textContent()).toBe(
        "Tool not found: think. Available: Think\nCall one of the available tools by its exact name.\nDid you mean 'Think'?",
      );
      const [ok] = await dispatch(registry, [{ id: "c2", name: "Think", input: { thought: "plan" } }], {
        ctx: createToolContext(),
        middleware,
      });
      expect(ok?.output.textContent()).toBe("ok");
    });
  });
});
