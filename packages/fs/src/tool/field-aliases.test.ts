import { ToolError, validateInput } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { applyAliases, FS_ALIASES, LOOM_ALIASES, nameWhatArrived } from "./field-aliases.js";
import { MultiEdit } from "../edit/multi-edit.js";

describe("applyAliases", () => {
  describe("when only an alias arrives", () => {
    it("renames it and records the rename", () => {
      expect(applyAliases({ path: "a", old_str: "x", new_str: "y" }, FS_ALIASES)).toEqual({
        input: { file_path: "a", old_string: "x", new_string: "y" },
        renamed: [
          ["path", "file_path"],
          ["old_str", "old_string"],
          ["new_str", "new_string"],
        ],
      });
    });
  });
  describe("when both the alias and the canonical name arrive", () => {
    it("keeps the canonical one", () => {
      expect(applyAliases({ file_path: "keep", path: "drop" }, FS_ALIASES).input).toEqual({
        file_path: "keep",
      });
    });
  });
  describe("when aliases sit inside an array of edits", () => {
    it("renames them with their index", () => {
      const r = applyAliases({ file_path: "a", edits: [{ old_string: "x", new_str: "y" }] }, LOOM_ALIASES, [
        "edits",
      ]);
      expect(r.input).toEqual({ path: "a", edits: [{ old_str: "x", new_str: "y" }] });
      expect(r.renamed).toEqual([
        ["file_path", "path"],
        ["edits[0].old_string", "edits[0].old_str"],
      ]);
    });
  });
  describe("when parsed JSON holds a `__proto__` field", () => {
    it.each([
      ['{"__proto__":{"path":"a.txt"}}', "`__proto__`"],
      ['{"file_path":"a","edits":[{"__proto__":{"old_str":"x"},"new_str":"y"}]}', "`edits[0].__proto__`"],
    ])("refuses %s naming %s, instead of making it the prototype", (json, field) => {
      expect(() => applyAliases(JSON.parse(json), FS_ALIASES, ["edits"])).toThrow(
        `Invalid input: ${field} is not accepted as a field: it would set the prototype of the input object, not a field of it; send only the fields of the schema`,
      );
    });
  });
});

describe("nameWhatArrived", () => {
  describe("when the error names a renamed field", () => {
    it("says which name arrived", () => {
      const e = nameWhatArrived(ToolError.invalidInput("`file_path` must be string, got integer (5)"), [
        ["path", "file_path"],
      ]);
      expect(e.message).toBe("Invalid input: `file_path` (sent as `path`) must be string, got integer (5)");
      expect(e.kind).toBe("InvalidInput");
    });
  });
});

describe("FsTool.normalizeInput", () => {
  describe("when a dispatcher validates before calling", () => {
    it("gives input that passes the advertised schema", () => {
      const tool = new MultiEdit();
      const input = tool.normalizeInput({ path: "a", edits: [{ old_str: "x", new_str: "y" }] });
      expect(input).toEqual({ file_path: "a", edits: [{ old_string: "x", new_string: "y" }] });
      expect(() => validateInput(tool.schema().input_schema, input)).not.toThrow();
    });
  });
});
