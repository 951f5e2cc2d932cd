import { describe, expect, it } from "vitest";
import { renderCapture } from "./render-capture.js";

const slice = (head: string | Buffer, omitted: number, tail: string | Buffer) => ({
  head: Buffer.from(head),
  omitted,
  tail: Buffer.from(tail),
});

describe("renderCapture", () => {
  describe("when nothing was left out", () => {
    it("returns the text as is", () => {
      expect(renderCapture({ slice: slice("a\n", 0, "b\n"), label: "stdout" })).toBe("a\nb\n");
    });
  });

  describe("when the middle was left out and saved", () => {
    it("names the byte count and the file", () => {
      const text = renderCapture({
        slice: slice("first\n", 1000, "last\n"),
        label: "stdout",
        spill: { path: "/tmp/t/shell-1-stdout.log" },
      });
      expect(text).toBe(
        "first\n[... 1000 bytes left out; full stdout saved to /tmp/t/shell-1-stdout.log ...]\nlast\n",
      );
    });
  });

  describe("when the file could not be written", () => {
    it("says so with the reason", () => {
      const text = renderCapture({ slice: slice("a", 5, "b"), label: "stderr", spill: { error: "ENOSPC" } });
      expect(text).toBe("a\n[... 5 bytes left out; the full stderr could not be saved (ENOSPC) ...]\nb");
    });
  });

  describe("when the gap cuts multi-byte characters", () => {
    it("drops the broken pieces and counts them", () => {
      const euro = Buffer.from("€"); // 3 bytes
      const text = renderCapture({
        slice: slice(
          Buffer.concat([Buffer.from("x"), euro.subarray(0, 2)]),
          10,
          Buffer.concat([euro.subarray(1), Buffer.from("y")]),
        ),
        label: "stdout",
        spill: { path: "/f" },
      });
      expect(text).toBe("x\n[... 14 bytes left out; full stdout saved to /f ...]\ny");
    });
  });
});
