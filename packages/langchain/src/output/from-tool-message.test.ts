import { ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { fromToolMessage } from "./from-tool-message.js";

const PNG = "iVBORw0KGgo=";

describe("fromToolMessage", () => {
  describe("when given each kind of ToolMessage", () => {
    it.each([
      ["text", new ToolMessage({ content: "hi", tool_call_id: "1" }), "hi", false],
      ["an error", new ToolMessage({ content: "bad", tool_call_id: "1", status: "error" }), "bad", true],
      [
        "blocks with a URL image",
        new ToolMessage({
          content: [
            { type: "text", text: "a" },
            { type: "image_url", image_url: { url: "https://x.test/a.png" } },
          ],
          tool_call_id: "1",
        }),
        "a\n[image: https://x.test/a.png]",
        false,
      ],
    ])("maps %s", (_case, message, text, isError) => {
      const output = fromToolMessage(message);
      expect(output.textContent()).toBe(text);
      expect(output.isError).toBe(isError);
    });
  });

  describe("when the content holds base64 images", () => {
    it.each([
      ["a standard image block", { type: "image", mimeType: "image/png", data: PNG }],
      ["an image_url data URL", { type: "image_url", image_url: { url: `data:image/png;base64,${PNG}` } }],
    ])("keeps %s as an image part", (_case, block) => {
      const output = fromToolMessage(new ToolMessage({ content: [block], tool_call_id: "1" }));
      expect(output.parts).toEqual([{ type: "image", data: PNG, mediaType: "image/png" }]);
    });
  });

  describe("when the message has an artifact", () => {
    it("keeps a JSON artifact in meta and drops one that is not JSON", () => {
      const json = fromToolMessage(new ToolMessage({ content: "x", tool_call_id: "1", artifact: { n: 1 } }));
      expect(json.meta).toEqual({ artifact: { n: 1 } });
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      const dropped = fromToolMessage(new ToolMessage({ content: "x", tool_call_id: "1", artifact: cyclic }));
      expect(dropped.meta).toEqual({});
    });
  });
});
