import { type JsonSchema, type Tool, ToolBase, createToolContext, toolTraits } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool } from "./define-tool.js";

// The two tools side by side in README.md, kept in step with it.
const Echo = z
  .object({ text: z.string().describe("What to say back") })
  .meta({ title: "Echo", description: "Says the text back." });
const echo = defineTool({ input: Echo, readOnly: true, run: ({ text }) => text });

const echoSchema: JsonSchema = {
  type: "object",
  properties: { text: { type: "string", description: "What to say back" } },
  required: ["text"],
  additionalProperties: false,
};
class HandWrittenEcho extends ToolBase<{ text: string }> {
  readonly name = "echo";
  readonly description = "Says the text back.";
  protected readonly inputSchema = echoSchema;
  protected run({ text }: { text: string }) {
    return text;
  }
  isReadOnly() {
    return true;
  }
}
const handWritten: Tool = new HandWrittenEcho();

describe("defineTool", () => {
  describe("when compared with the README's hand-written tool", () => {
    const ctx = createToolContext();

    it("shows the model the same tool, plus the schema's own title and description", () => {
      expect(echo.schema()).toEqual({
        ...handWritten.schema(),
        input_schema: { ...echoSchema, title: "Echo", description: "Says the text back." },
      });
      const traits = (tool: Tool) => {
        const t = toolTraits(tool);
        return [t.isReadOnly, t.isConcurrencySafe, t.isIdempotent, t.recordsTrajectory, t.systemPrompt];
      };
      expect(traits(echo)).toEqual(traits(handWritten));
    });

    it.each([[{ text: "hi" }], [{}], [{ text: 1 }], [{ text: "hi", extra: true }], ["hi"]])(
      "answers %j the same way",
      async (input) => {
        const settle = (tool: Tool) =>
          tool.call(input, ctx).then(
            (out) => ({ ok: out.textContent(), isError: out.isError }),
            (error: Error) => ({ error: error.message }),
          );
        expect(await settle(echo)).toEqual(await settle(handWritten));
      },
    );
  });
});
