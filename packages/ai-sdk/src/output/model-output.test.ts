import { ToolError, ToolOutput } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { toAiSdkToolResult } from "./ai-sdk-tool-result.js";
import { fromModelOutput } from "./from-model-output.js";
import { type ModelOutput, toModelOutput } from "./to-model-output.js";

const PNG = "iVBORw0KGgo=";

describe("toModelOutput", () => {
  describe("when given each kind of ToolOutput", () => {
    it.each<[string, ToolOutput, ModelOutput]>([
      ["text", ToolOutput.text("hi"), { type: "text", value: "hi" }],
      ["a text that looks like JSON", ToolOutput.text("42"), { type: "text", value: "42" }],
      ["structured", ToolOutput.structured({ a: [1] }), { type: "json", value: { a: [1] } }],
      [
        "structured with another hint",
        ToolOutput.structured({ a: [1] }).withHint("code"),
        { type: "json", value: { a: [1] } },
      ],
      [
        "text with a structured value beside it",
        ToolOutput.text("1. A").withStructured({ results: ["A"] }),
        { type: "text", value: "1. A" },
      ],
      ["an error", ToolOutput.errorText("nope"), { type: "error-text", value: "nope" }],
      [
        "a structured error",
        ToolOutput.structured({ code: 7 }).withError(true),
        { type: "error-json", value: { code: 7 } },
      ],
      [
        "a ToolError",
        ToolError.timeout(5).toOutput(),
        { type: "error-text", value: ToolError.timeout(5).toOutput().textContent() },
      ],
      [
        "multipart with an image",
        ToolOutput.multipart([
          { type: "text", text: "a" },
          { type: "image", data: PNG, mediaType: "image/png" },
        ]),
        {
          type: "content",
          value: [
            { type: "text", text: "a" },
            { type: "image-data", data: PNG, mediaType: "image/png" },
          ],
        },
      ],
      [
        "multipart text only",
        ToolOutput.multipart([
          { type: "text", text: "a" },
          { type: "text", text: "b" },
        ]),
        { type: "text", value: "a\nb" },
      ],
    ])("maps %s", (_name, output, expected) => {
      expect(toModelOutput(toAiSdkToolResult(output))).toEqual(expected);
    });

    it("maps the same after a JSON round trip of the result", () => {
      const result = JSON.parse(JSON.stringify(toAiSdkToolResult(ToolOutput.structured({ n: 1 }))));
      expect(toModelOutput(result)).toEqual({ type: "json", value: { n: 1 } });
    });
  });
});

describe("fromModelOutput", () => {
  describe("when given each kind of model output", () => {
    it.each<[ModelOutput, { text: string; isError: boolean; structured?: unknown }]>([
      [
        { type: "text", value: "hi" },
        { text: "hi", isError: false },
      ],
      [
        { type: "error-text", value: "bad" },
        { text: "bad", isError: true },
      ],
      [
        { type: "json", value: { a: 1 } },
        { text: '{"a":1}', isError: false, structured: { a: 1 } },
      ],
      [
        { type: "error-json", value: { a: 1 } },
        { text: '{"a":1}', isError: true, structured: { a: 1 } },
      ],
      [
        { type: "execution-denied", reason: "the user said no" },
        { text: ToolError.permission("the user said no").toOutput().textContent(), isError: true },
      ],
      [
        {
          type: "content",
          value: [
            { type: "text", text: "t" },
            { type: "image-url", url: "https://x.test/a.png" },
            { type: "file-data", data: "AAAA", mediaType: "application/pdf", filename: "a.pdf" },
            { type: "file-id", fileId: "f1" },
          ],
        },
        {
          text: "t\n[image: https://x.test/a.png]\n[application/pdf file a.pdf]\n[file id: f1]",
          isError: false,
        },
      ],
    ])("maps %j", (output, expected) => {
      const mapped = fromModelOutput(output);
      expect(mapped.textContent()).toBe(expected.text);
      expect(mapped.isError).toBe(expected.isError);
      if (expected.structured) expect(mapped.structuredValue()).toEqual(expected.structured);
    });

    it("keeps base64 images as image parts", () => {
      const mapped = fromModelOutput({
        type: "content",
        value: [{ type: "image-data", data: PNG, mediaType: "image/png" }],
      });
      expect(mapped.parts).toEqual([{ type: "image", data: PNG, mediaType: "image/png" }]);
    });
  });
});
