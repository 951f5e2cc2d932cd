import { ToolOutput, createToolContext, toolTraits } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DefineToolError } from "./definition/define-tool-error.js";
import { defineToolClass } from "./define-tool-class.js";

const ctx = createToolContext();

const Greet = z
  .object({ who: z.string().describe("Whom to greet"), loud: z.boolean().default(false) })
  .meta({ title: "Greeting", description: "Greets someone." });

class Greeter extends defineToolClass({ input: Greet, readOnly: true, concurrencySafe: true }) {
  readonly #prefix: string;
  constructor(prefix = "Hello") {
    super();
    this.#prefix = prefix;
  }
  run({ who, loud }: z.output<typeof Greet>): string {
    const text = `${this.#prefix}, ${who}`;
    return loud ? text.toUpperCase() : text;
  }
}

describe("defineToolClass", () => {
  describe("when a subclass defines run", () => {
    const tool = new Greeter("Hi");

    it("is a Tool named and described from the schema", () => {
      expect(tool.name).toBe("greeting");
      expect(tool.description).toBe("Greets someone.");
      expect(tool.schema()).toMatchObject({
        tool: "greeting",
        input_schema: { required: ["who"], additionalProperties: false },
      });
      expect(Greeter.input).toBe(Greet);
      expect(tool.input).toBe(Greet);
    });

    it("parses the input and calls run on the instance", async () => {
      expect((await tool.call({ who: "Ada" }, ctx)).textContent()).toBe("Hi, Ada");
      expect((await tool.call({ who: "Ada", loud: true }, ctx)).textContent()).toBe("HI, ADA");
    });

    it("refuses bad input before run", async () => {
      const out = await tool.call({ who: 1 }, ctx);
      expect(out.isError).toBe(true);
      expect(out.textContent()).toContain("Invalid input: `who` must be string, got integer (1)");
    });

    it("reports the traits it was defined with", () => {
      expect(toolTraits(tool)).toMatchObject({
        isReadOnly: true,
        isConcurrencySafe: true,
        isIdempotent: true,
      });
    });
  });

  describe("when a subclass overrides a trait method", () => {
    it("uses the override", () => {
      class Careful extends defineToolClass({ input: Greet }) {
        run(): ToolOutput {
          return ToolOutput.text("");
        }
        override isReadOnly(): boolean {
          return true;
        }
      }
      expect(toolTraits(new Careful()).isReadOnly).toBe(true);
    });
  });

  describe("when the definition cannot work", () => {
    it("throws as soon as the class is defined", () => {
      expect(() => defineToolClass({ input: z.object({ a: z.string() }), name: "a" })).toThrow(
        new DefineToolError(
          "defineTool: tool 'a' has no description: pass `description`, or describe the schema with .describe(\"What the tool does.\")",
          { option: "description" },
        ),
      );
    });

    it("throws when an instance has no run method", () => {
      const Base = defineToolClass({ input: Greet });
      // @ts-expect-error the base class is abstract; JavaScript callers can still construct it
      expect(() => new Base()).toThrow(
        expect.objectContaining({
          name: "DefineToolError",
          option: "run",
          message: "defineToolClass: DefinedTool of tool 'greeting' must define a `run(input, ctx)` method",
        }),
      );
      // @ts-expect-error a subclass that forgets run is an abstract class too
      class Forgetful extends Base {}
      expect(() => new Forgetful()).toThrow(
        "defineToolClass: Forgetful of tool 'greeting' must define a `run(input, ctx)` method",
      );
    });
  });
});
