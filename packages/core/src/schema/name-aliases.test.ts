import { describe, expect, it } from "vitest";
import { ToolError } from "../errors/error.js";
import { nameFieldsAsSent, renamedFields } from "./name-aliases.js";

describe("renamedFields", () => {
  describe("when normalizeInput renamed fields", () => {
    it.each([
      ["one field", { path: "a" }, { file_path: "a" }, [["path", "file_path"]]],
      ["one field whose value changed too", { path: 1 }, { file_path: "1" }, [["path", "file_path"]]],
      [
        "two fields told apart by value",
        { old_str: "x", new_str: "y", path: "p" },
        { old_string: "x", new_string: "y", file_path: "p" },
        [
          ["old_str", "old_string"],
          ["new_str", "new_string"],
          ["path", "file_path"],
        ],
      ],
      [
        "fields in the objects of an array",
        { path: "p", edits: [{ old_str: "a" }, { old_string: "b" }] },
        { file_path: "p", edits: [{ old_string: "a" }, { old_string: "b" }] },
        [
          ["path", "file_path"],
          ["edits[0].old_str", "edits[0].old_string"],
        ],
      ],
    ])("finds %s", (_case, sent, normalized, expected) => {
      expect(renamedFields(sent, normalized)).toEqual(expected);
    });
    it("names nothing it cannot pair unambiguously", () => {
      expect(renamedFields({ a: 1, b: 1 }, { c: 1, d: 1 })).toEqual([]);
      expect(renamedFields("x", { a: 1 })).toEqual([]);
      expect(renamedFields({ a: 1 }, { a: 1 })).toEqual([]);
    });
  });
});

describe("nameFieldsAsSent", () => {
  it("names each renamed field as it arrived", () => {
    const error = ToolError.invalidInput("`file_path` must be string, got integer (1)");
    const named = nameFieldsAsSent(error, [["path", "file_path"]]);
    expect(named).toBeInstanceOf(ToolError);
    expect((named as ToolError).message).toBe(
      "Invalid input: `file_path` (sent as `path`) must be string, got integer (1)",
    );
    expect((named as ToolError).advice).toBe(error.advice);
  });
  it("returns other errors as they are", () => {
    const error = ToolError.invalidInput("`other` must be string");
    expect(nameFieldsAsSent(error, [["path", "file_path"]])).toBe(error);
    const plain = new Error("`file_path`");
    expect(nameFieldsAsSent(plain, [["path", "file_path"]])).toBe(plain);
  });
});
