import { describe, expect, it } from "vitest";
import { cleanPath, errorText, parseJsonLine, parseSkipLine } from "./rg-output.js";

describe("parseJsonLine", () => {
  describe("when ripgrep reports a match or context", () => {
    it("splits multi-line text into numbered lines", () => {
      const line = JSON.stringify({
        type: "match",
        data: { path: { text: "./a.ts" }, lines: { text: "x\ny\n" }, line_number: 4 },
      });
      expect(parseJsonLine(line)).toEqual({
        path: "a.ts",
        isMatch: true,
        lines: [
          [4, "x", true],
          [5, "y", true],
        ],
      });
    });

    it("decodes text that is not UTF-8 from its base64 bytes", () => {
      const bytes = Buffer.from("caf\xe9\n", "latin1").toString("base64");
      const line = JSON.stringify({
        type: "context",
        data: { path: { text: "b" }, lines: { bytes }, line_number: 1 },
      });
      expect(parseJsonLine(line)).toEqual({ path: "b", isMatch: false, lines: [[1, "caf\uFFFD", false]] });
    });

    it("ignores other message types", () => {
      expect(parseJsonLine('{"type":"begin","data":{}}')).toBeUndefined();
    });
  });
});

describe("parseSkipLine", () => {
  describe("when reading the debug log", () => {
    it.each([
      [
        "rg: DEBUG|grep_printer::json|json.rs:792: ignoring ./bin.dat: found binary data at offset 5",
        "binary",
      ],
      ["rg: DEBUG|ignore::walk|walk.rs:1929: ignoring ./big.txt: 4052632 bytes", "large"],
      ["rg: DEBUG|ignore::walk|walk.rs:1942: ignoring ./.env: Ignore(IgnoreMatch(Hidden))", undefined],
      ["regex parse error: 5 bytes", undefined],
    ])("%s is %s", (line, kind) => {
      expect(parseSkipLine(line)).toBe(kind);
    });
  });
});

describe("errorText", () => {
  describe("when stderr mixes debug lines and an error", () => {
    it("keeps the error without the rg prefix", () => {
      expect(errorText("rg: DEBUG|x|y: z\nrg: regex parse error:\n    (a\n")).toBe(
        "regex parse error:\n    (a",
      );
      expect(cleanPath("./x/y")).toBe("x/y");
    });
  });
});
