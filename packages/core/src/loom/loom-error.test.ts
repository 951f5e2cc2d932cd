import { describe, expect, it } from "vitest";
import { ToolError } from "../errors/error.js";
import { LoomToolError } from "./loom-error.js";

describe("LoomToolError", () => {
  describe("when the Loom document shows the text", () => {
    it.each([
      [
        LoomToolError.fileNotFound("/workspace/missing.txt"),
        "Error: File not found: /workspace/missing.txt",
        "FileNotFound",
      ],
      [LoomToolError.invalidArguments("old_str not found: x"), "Error: old_str not found: x", "InvalidInput"],
      [LoomToolError.pathOutsideWorkspace("/etc"), "Error: Path outside workspace: /etc", "Permission"],
    ])("answers %s exactly, with no advice line", (error, text, kind) => {
      expect(error.toOutput().textContent()).toBe(text);
      expect(error.toOutput().isError).toBe(true);
      expect(error.kind).toBe(kind);
      expect(ToolError.is(error)).toBe(true);
    });
  });

  describe("when a Toolkit refusal is answered in Loom's form", () => {
    it("keeps the message and its advice, unless that names a Toolkit tool", () => {
      const linked = ToolError.permission("a has 2 hard links", { advice: "Work on a copy (cp a b)." });
      expect(LoomToolError.from(linked).modelText()).toBe(
        "Error: Permission denied: a has 2 hard links\nWork on a copy (cp a b).",
      );
      const refused = ToolError.invalidInput("`path` is a directory", { advice: "Use Tree or Glob." });
      const loom = LoomToolError.from(refused);
      expect([loom.loomKind, loom.kind, loom.modelText()]).toEqual([
        "InvalidArguments",
        "InvalidInput",
        "Error: Invalid input: `path` is a directory\nFix the arguments so they match the tool's input schema, then call it again.",
      ]);
      expect(LoomToolError.from(refused, "Use list_files.").modelText()).toBe(
        "Error: Invalid input: `path` is a directory\nUse list_files.",
      );
    });

    it("answers a FileNotFound without advice and returns a LoomToolError as it is", () => {
      expect(LoomToolError.from(ToolError.fileNotFound("a.txt")).modelText()).toBe(
        "Error: File not found: a.txt",
      );
      const loom = LoomToolError.invalidArguments("x");
      expect(LoomToolError.from(loom)).toBe(loom);
    });
  });
});
