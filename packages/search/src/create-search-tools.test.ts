import { toolTraits } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { createSearchTools } from "./create-search-tools.js";

describe("createSearchTools", () => {
  describe("when called without options", () => {
    it("returns Glob, Grep, CodeSearch and Tree, read-only and concurrency-safe", () => {
      const tools = createSearchTools();
      expect(tools.map((t) => t.name)).toEqual(["Glob", "Grep", "CodeSearch", "Tree"]);
      for (const tool of tools) {
        const traits = toolTraits(tool);
        expect(traits.isReadOnly).toBe(true);
        expect(traits.isConcurrencySafe).toBe(true);
        expect(tool.schema().tool).toBe(tool.name);
        expect(tool.schema().input_schema.additionalProperties).toBe(false);
      }
    });
  });

  describe("when tool options are given", () => {
    it("passes them to the right tool", async () => {
      const [, grep] = createSearchTools({ grep: { engine: "js" } });
      expect((await grep.engineFor("/")).name).toBe("js");
    });
  });
});
