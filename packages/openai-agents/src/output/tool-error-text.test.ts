import { ToolError } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { toolErrorText } from "./tool-error-text.js";

describe("toolErrorText", () => {
  describe("when given a ToolError", () => {
    it("keeps its message and advice", () => {
      expect(toolErrorText("Read", ToolError.timeout(3))).toBe(ToolError.timeout(3).toOutput().textContent());
    });
  });

  describe("when given any other error", () => {
    it.each([
      [new Error("disk full"), "Tool 'Write' failed: disk full"],
      ["plain text", "Tool 'Write' failed: plain text"],
    ])("names the tool and the message (%s)", (error, text) => {
      expect(toolErrorText("Write", error)).toBe(text);
    });
  });
});
