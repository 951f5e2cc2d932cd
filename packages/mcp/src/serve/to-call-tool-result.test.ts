import { ToolOutput } from "@toolkit/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RED_PIXEL } from "../fixtures/fixture-tools.js";
import { toToolOutput } from "../import/to-tool-output.js";
import { toCallToolResult } from "./to-call-tool-result.js";

const SCHEMA = { type: "object", properties: { n: { type: "integer" } }, required: ["n"] };

describe("toCallToolResult", () => {
  describe("when the tool declares no output schema", () => {
    it("maps text and image parts and keeps isError", () => {
      const output = ToolOutput.multipart([
        { type: "text", text: "see" },
        { type: "image", data: RED_PIXEL, mediaType: "image/png" },
      ]).withError(true);
      expect(toCallToolResult({ output, name: "t" })).toEqual({
        content: [
          { type: "text", text: "see" },
          { type: "image", data: RED_PIXEL, mimeType: "image/png" },
        ],
        isError: true,
      });
    });

    it("leaves structured output as its JSON text only", () => {
      expect(toCallToolResult({ output: ToolOutput.structured({ n: 1 }), name: "t" })).toEqual({
        content: [{ type: "text", text: '{"n":1}' }],
      });
    });

    it("round-trips through toToolOutput for any text and error flag", () => {
      fc.assert(
        fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 4 }), fc.boolean(), (texts, isError) => {
          const output = (
            texts.length === 1
              ? ToolOutput.text(texts[0] ?? "")
              : ToolOutput.multipart(texts.map((text) => ({ type: "text" as const, text })))
          ).withError(isError);
          const back = toToolOutput(toCallToolResult({ output, name: "t" }));
          expect(back.parts).toEqual(output.parts);
          expect(back.isError).toBe(isError);
        }),
      );
    });
  });

  describe("when the tool declares an output schema", () => {
    it("adds structuredContent for a matching object", () => {
      expect(
        toCallToolResult({ output: ToolOutput.structured({ n: 2 }), outputSchema: SCHEMA, name: "t" }),
      ).toEqual({
        content: [{ type: "text", text: '{"n":2}' }],
        structuredContent: { n: 2 },
      });
    });

    it.each([
      [
        ToolOutput.text("plain words"),
        "Tool 't' declares an output schema but returned no JSON object (got nothing)",
      ],
      [
        ToolOutput.structured([1]),
        "Tool 't' declares an output schema but returned no JSON object (got an array of 1)",
      ],
      [
        ToolOutput.structured({ n: "two" }),
        "Tool 't' returned a result that does not match its output schema: `n` must be an integer, got string (\"two\")",
      ],
    ])("turns a result that breaks it into a soft failure (%#)", (output, text) => {
      expect(toCallToolResult({ output, outputSchema: SCHEMA, name: "t" })).toEqual({
        content: [{ type: "text", text }],
        isError: true,
      });
    });

    it("passes soft failures through without structuredContent", () => {
      expect(
        toCallToolResult({ output: ToolOutput.errorText("no"), outputSchema: SCHEMA, name: "t" }),
      ).toEqual({
        content: [{ type: "text", text: "no" }],
        isError: true,
      });
    });
  });
});
