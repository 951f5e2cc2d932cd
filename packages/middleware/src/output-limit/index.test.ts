import { fnTool, registryWith, runOne } from "@toolkit/test-kit";
import { ToolOutput } from "@toolkit/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { outputLimit } from "./index.js";
import { limitText } from "./limit-text.js";

const bytes = (s: string) => Buffer.byteLength(s, "utf8");

describe("limitText", () => {
  describe("when the text fits", () => {
    it("returns it unchanged", () => {
      expect(limitText("héllo", { maxBytes: 256 })).toEqual({ text: "héllo", totalBytes: 6, cutBytes: 0 });
    });
  });

  describe("when the text is too long", () => {
    it("keeps head and tail around a marker saying how much was cut", () => {
      const text = `${"a".repeat(500)}${"z".repeat(500)}`;
      const r = limitText(text, { maxBytes: 256 });
      expect(r.text).toBe(
        `${"a".repeat(103)}\n[... 794 of 1000 bytes cut from the middle ...]\n${"z".repeat(103)}`,
      );
      expect(bytes(r.text)).toBeLessThanOrEqual(256);
      expect(r.cutBytes).toBe(794);
    });

    it("never splits a multi-byte character", () => {
      const r = limitText("€".repeat(400), { maxBytes: 256 });
      expect(r.text).not.toContain("\uFFFD");
      expect(r.text).toMatch(/^€+\n\[\.\.\. \d+ of 1200 bytes cut from the middle \.\.\.\]\n€+$/);
    });

    it("stays within the budget, keeps a prefix and a suffix, and reports the cut (property)", () => {
      fc.assert(
        fc.property(
          fc.string({ unit: "grapheme", maxLength: 3000 }),
          fc.integer({ min: 256, max: 4000 }),
          (text, maxBytes) => {
            const r = limitText(text, { maxBytes });
            expect(bytes(r.text)).toBeLessThanOrEqual(maxBytes);
            if (bytes(text) <= maxBytes) {
              expect(r.text).toBe(text);
              return;
            }
            const marker = `\n[... ${r.cutBytes} of ${bytes(text)} bytes cut from the middle ...]\n`;
            const at = r.text.indexOf(marker);
            expect(at).toBeGreaterThanOrEqual(0);
            const head = r.text.slice(0, at);
            const tail = r.text.slice(at + marker.length);
            expect(text.startsWith(head)).toBe(true);
            expect(text.endsWith(tail)).toBe(true);
            expect(bytes(head) + bytes(tail) + r.cutBytes).toBe(bytes(text));
          },
        ),
      );
    });
  });

  describe("when the budget is too small", () => {
    it("throws a TypeError naming maxBytes", () => {
      expect(() => limitText("x", { maxBytes: 10 })).toThrow(
        new TypeError("limitText: `maxBytes` must be an integer >= 256, got 10"),
      );
    });
  });
});

describe("outputLimit", () => {
  describe("when an answer is too long", () => {
    it("cuts its text, keeps the error flag and records the cut in meta", async () => {
      const tool = fnTool("big", () => ToolOutput.errorText("e".repeat(2000)));
      const r = await runOne(registryWith(tool), [outputLimit({ maxBytes: 300 })], {
        name: "big",
        input: {},
      });
      expect(r.output.isError).toBe(true);
      expect(bytes(r.output.textContent())).toBeLessThanOrEqual(300);
      expect(r.output.textContent()).toContain("bytes cut from the middle");
      expect(r.output.meta.outputLimit).toEqual({ totalBytes: 2000, cutBytes: 1750 });
    });

    it("keeps image parts", async () => {
      const tool = fnTool("pic", () =>
        ToolOutput.multipart([
          { type: "text", text: "t".repeat(1000) },
          { type: "image", data: "AAAA", mediaType: "image/png" },
        ]),
      );
      const r = await runOne(registryWith(tool), [outputLimit({ maxBytes: 256 })], {
        name: "pic",
        input: {},
      });
      expect(r.output.parts.map((p) => p.type)).toEqual(["text", "image"]);
      expect(bytes(r.output.textContent())).toBeLessThanOrEqual(256);
    });
  });

  describe("when an answer fits", () => {
    it("returns the same output", async () => {
      const out = ToolOutput.structured({ ok: true });
      const tool = fnTool("small", () => out);
      const r = await runOne(registryWith(tool), [outputLimit({ maxBytes: 256 })], {
        name: "small",
        input: {},
      });
      expect(r.output).toBe(out);
    });
  });

  describe("when options are wrong", () => {
    it.each([[100], [256.5], ["1kb"]])("throws a TypeError for maxBytes %j", (maxBytes) => {
      expect(() => outputLimit({ maxBytes: maxBytes as number })).toThrow(
        new TypeError(`outputLimit: \`maxBytes\` must be an integer >= 256, got ${JSON.stringify(maxBytes)}`),
      );
    });
  });
});
