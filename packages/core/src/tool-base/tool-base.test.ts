import { describe, expect, it } from "vitest";
import { createToolContext, type ToolContext } from "../context/context.js";
import { adviceFor, ToolError } from "../errors/error.js";
import type { JsonSchema } from "../json/json.js";
import { Retention, ToolOutput } from "../output/output.js";
import { ToolBase, toolErrorOf } from "./tool-base.js";
import { markInputValidated } from "./validated.js";

const SCHEMA: JsonSchema = {
  type: "object",
  properties: { text: { type: "string" } },
  required: ["text"],
  additionalProperties: false,
};

/** Upper-cases `text`; `seen` records every input `run` received. */
class Shout extends ToolBase<{ text: string }> {
  readonly name = "Shout";
  readonly description = "Repeats the text in capitals.";
  protected readonly inputSchema = SCHEMA;
  readonly seen: unknown[] = [];
  override normalizeInput(input: unknown): unknown {
    if (typeof input !== "object" || input === null || !("words" in input)) return input;
    const { words, ...rest } = input as Record<string, unknown>;
    return { text: words, ...rest };
  }
  protected run(input: { text: string }): string {
    this.seen.push(input);
    if (input.text === "") throw ToolError.invalidInput("`text` is empty");
    if (input.text === "bug") throw new RangeError("off by one");
    return String(input.text).toUpperCase();
  }
  protected override finish(output: ToolOutput): ToolOutput {
    return output.withRetention(Retention.Requery);
  }
}

const ctx: ToolContext = createToolContext();

describe("ToolBase", () => {
  describe("when called directly", () => {
    it("validates the input and refuses it before run, as a soft failure", async () => {
      const tool = new Shout();
      const out = await tool.call({ text: 3 }, ctx);
      expect(out.isError).toBe(true);
      expect(out.textContent()).toBe(
        `Invalid input: \`text\` must be string, got integer (3)\n${adviceFor("InvalidInput")}`,
      );
      expect(tool.seen).toEqual([]);
    });
    it("applies normalizeInput first and names a renamed field as the model sent it", async () => {
      const tool = new Shout();
      expect((await tool.call({ words: "hi" }, ctx)).textContent()).toBe("HI");
      const out = await tool.call({ words: 3 }, ctx);
      expect(out.textContent()).toContain("`text` (sent as `words`) must be string");
    });
    it("builds its schema once from name, description and inputSchema", () => {
      const tool = new Shout();
      expect(tool.schema()).toEqual({ tool: "Shout", description: tool.description, input_schema: SCHEMA });
      expect(tool.schema()).toBe(tool.schema());
      expect(Object.isFrozen(tool.schema())).toBe(true);
    });
  });

  describe("when dispatch marked the input as validated", () => {
    it("does not validate it again (a marked invalid object reaches run)", async () => {
      const tool = new Shout();
      const input = { text: 5 };
      markInputValidated(input, SCHEMA);
      expect((await tool.call(input, ctx)).textContent()).toBe("5");
      expect(tool.seen).toEqual([input]);
    });
    it("honours the mark once: the same object called again is validated", async () => {
      const tool = new Shout();
      const input = { text: 5 };
      markInputValidated(input, SCHEMA);
      await tool.call(input, ctx);
      const again = await tool.call(input, ctx);
      expect(again.isError).toBe(true);
      expect(tool.seen).toHaveLength(1);
    });
    it("validates an object marked for another schema, even an equal one", async () => {
      const tool = new Shout();
      const input = { text: 5 };
      markInputValidated(input, structuredClone(SCHEMA));
      expect((await tool.call(input, ctx)).isError).toBe(true);
      expect(tool.seen).toEqual([]);
    });
    it("ignores a mark on a primitive (nothing to mark)", async () => {
      markInputValidated("text", SCHEMA);
      expect((await new Shout().call("text", ctx)).isError).toBe(true);
    });
  });

  describe("the failure rule", () => {
    it("answers a ToolError as a soft failure with its advice, through finish", async () => {
      const out = await new Shout().call({ text: "" }, ctx);
      expect(out.isError).toBe(true);
      expect(out.textContent()).toBe(`Invalid input: \`text\` is empty\n${adviceFor("InvalidInput")}`);
      expect(out.retention).toBe(Retention.Requery);
    });
    it("throws any other error: a bug", async () => {
      await expect(new Shout().call({ text: "bug" }, ctx)).rejects.toThrow(RangeError);
    });
    it("remembers which ToolError each soft failure answered, for middleware", async () => {
      const out = await new Shout().call({ text: "" }, ctx);
      expect(toolErrorOf(out)?.kind).toBe("InvalidInput");
      expect(toolErrorOf(await new Shout().call({ text: "a" }, ctx))).toBeUndefined();
      expect(toolErrorOf(ToolOutput.errorText("Invalid input: made up"))).toBeUndefined();
    });
    it("passes a success through finish", async () => {
      const out = await new Shout().call({ text: "a" }, ctx);
      expect(out.isError).toBe(false);
      expect(out.retention).toBe(Retention.Requery);
    });
    it("maps what run returns as FnTool does: output as is, text, JSON", async () => {
      class Returns extends ToolBase<{ text: string }> {
        readonly name = "Returns";
        readonly description = "Returns what it is told.";
        protected readonly inputSchema = SCHEMA;
        protected async run({ text }: { text: string }): Promise<unknown> {
          if (text === "output") return ToolOutput.errorText("no");
          if (text === "json") return { ok: 1 };
          return text;
        }
      }
      const tool = new Returns();
      expect((await tool.call({ text: "output" }, ctx)).isError).toBe(true);
      expect((await tool.call({ text: "json" }, ctx)).structuredValue()).toEqual({ ok: 1 });
      expect((await tool.call({ text: "t" }, ctx)).textContent()).toBe("t");
    });
  });
});
