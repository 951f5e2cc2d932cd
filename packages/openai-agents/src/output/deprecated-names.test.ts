import { ToolOutput } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { AgentsToolError, ToolkitToolError } from "../index.js";

describe("the names @toolkit/openai-agents renamed in 0.2", () => {
  describe("when a user still imports ToolkitToolError", () => {
    it("is AgentsToolError, name included", () => {
      expect(ToolkitToolError).toBe(AgentsToolError);
      const error = new ToolkitToolError(ToolOutput.errorText("nope"));
      expect(error).toBeInstanceOf(AgentsToolError);
      expect(error.name).toBe("ToolkitToolError");
      expect(error.message).toContain("nope");
    });
  });
});
