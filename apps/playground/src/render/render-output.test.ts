import { DisplayHint, ToolOutput } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { colorsFor } from "./colors.js";
import { renderOutput } from "./render-output.js";

const plain = colorsFor({ isTTY: false, env: {} });
const colored = colorsFor({ isTTY: true, env: {} });

describe("renderOutput", () => {
  describe("when the hint is diff", () => {
    it("colours added, removed and hunk lines", () => {
      const output = ToolOutput.text("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-old\n+new\n same").withHint(
        DisplayHint.Diff,
      );
      expect(renderOutput({ output, colors: colored }).split("\n")).toEqual([
        "    \u001b[1m--- a/x\u001b[22m",
        "    \u001b[1m+++ b/x\u001b[22m",
        "    \u001b[36m@@ -1 +1 @@\u001b[39m",
        "    \u001b[31m-old\u001b[39m",
        "    \u001b[32m+new\u001b[39m",
        "    \u001b[2m same\u001b[22m",
      ]);
    });
  });

  describe("when the hint is json", () => {
    it("pretty-prints it", () => {
      expect(renderOutput({ output: ToolOutput.structured({ a: [1] }), colors: plain })).toBe(
        '    {\n      "a": [\n        1\n      ]\n    }',
      );
    });
  });

  describe("when the hint is suppress", () => {
    it("shows a one-line preview", () => {
      const output = ToolOutput.text("first\nsecond").withHint(DisplayHint.Suppress);
      expect(renderOutput({ output, colors: plain })).toBe("    first …");
    });
  });

  describe("when the result is long or has images", () => {
    it("cuts it and counts what was left out", () => {
      const output = ToolOutput.multipart([
        { type: "text", text: "1\n2\n3\n4" },
        { type: "image", data: "AAAA", mediaType: "image/png" },
      ]);
      expect(renderOutput({ output, colors: plain, maxLines: 2 })).toBe(
        "    1\n    2\n    … 2 more lines\n    [1 image]",
      );
    });
  });

  describe("when the result is a soft failure", () => {
    it("shows it in red", () => {
      expect(renderOutput({ output: ToolOutput.errorText("nope"), colors: colored })).toBe(
        "    \u001b[31mnope\u001b[39m",
      );
    });
  });
});

describe("colorsFor", () => {
  it.each([
    [{ isTTY: true, env: {} }, true],
    [{ isTTY: true, env: { NO_COLOR: "1" } }, false],
    [{ isTTY: false, env: {} }, false],
    [{ isTTY: false, env: { FORCE_COLOR: "1" } }, true],
    [{ isTTY: true, env: { FORCE_COLOR: "0", NO_COLOR: "" } }, false],
  ])("decides colour for %o", (input, enabled) => {
    expect(colorsFor(input).enabled).toBe(enabled);
  });
});
