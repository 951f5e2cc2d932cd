import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RED_PIXEL } from "../fixtures/fixture-tools.js";
import { toToolOutput } from "./to-tool-output.js";

describe("toToolOutput", () => {
  describe("when the result is text", () => {
    it("keeps any single text exactly", () => {
      fc.assert(
        fc.property(fc.string(), fc.boolean(), (text, isError) => {
          const output = toToolOutput({ content: [{ type: "text", text }], isError });
          expect(output.parts).toEqual([{ type: "text", text }]);
          expect(output.isError).toBe(isError);
        }),
      );
    });

    it("joins several texts with newlines in textContent", () => {
      const output = toToolOutput({
        content: [
          { type: "text", text: "a" },
          { type: "text", text: "b" },
        ],
      });
      expect(output.textContent()).toBe("a\nb");
    });

    it("answers an empty content list with empty text", () => {
      expect(toToolOutput({ content: [] }).parts).toEqual([{ type: "text", text: "" }]);
    });
  });

  describe("when the result carries structuredContent", () => {
    it("becomes a structured output", () => {
      const output = toToolOutput({
        content: [{ type: "text", text: '{"n":1}' }],
        structuredContent: { n: 1 },
      });
      expect(output.structuredValue()).toEqual({ n: 1 });
      expect(output.textContent()).toBe('{"n":1}');
    });

    it("keeps the text when the text says something else", () => {
      const output = toToolOutput({
        content: [{ type: "text", text: "3 users found" }],
        structuredContent: { count: 3 },
      });
      expect(output.parts).toEqual([{ type: "text", text: "3 users found" }]);
      expect(output.structuredValue()).toBeUndefined();
    });

    it("accepts the JSON text in any key order and spacing", () => {
      const output = toToolOutput({
        content: [{ type: "text", text: '{ "b": 2, "a": 1 }' }],
        structuredContent: { a: 1, b: 2 },
      });
      expect(output.structuredValue()).toEqual({ a: 1, b: 2 });
    });

    it("is ignored for a soft failure", () => {
      const output = toToolOutput({
        content: [{ type: "text", text: "bad" }],
        structuredContent: { n: 1 },
        isError: true,
      });
      expect(output.isError).toBe(true);
      expect(output.textContent()).toBe("bad");
    });
  });

  describe("when an image is malformed", () => {
    it.each([
      ["a non-image type", RED_PIXEL, "text/plain"],
      ["data that is not base64", "%%%", "image/png"],
    ])("replaces %s with a note", (_, data, mimeType) => {
      const output = toToolOutput({ content: [{ type: "image", data, mimeType }] });
      expect(output.parts).toEqual([
        { type: "text", text: `[Image (${mimeType}) omitted: its data is not base64 image data]` },
      ]);
    });
  });
});
