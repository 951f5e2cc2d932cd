import { type Tool, type ToolContext, ToolOutput } from "@toolkit/core";
import { describe, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { defineToolClass } from "./define-tool-class.js";
import { defineTool } from "./define-tool.js";
import type { RunResult } from "./definition/types.js";

const Input = z
  .object({
    text: z.string(),
    times: z.int().optional(),
    loud: z.boolean().default(false),
    note: z.string().nullish(),
    length: z.string().transform((s) => s.length),
  })
  .meta({ title: "Echo", description: "Says the text back." });

describe("defineTool", () => {
  describe("when run is written inline", () => {
    it("infers the parsed input: optional fields optional, defaults and transforms applied", () => {
      defineTool({
        input: Input,
        run: (input, ctx) => {
          expectTypeOf(input).toEqualTypeOf<{
            text: string;
            times?: number | undefined;
            loud: boolean;
            note?: string | null | undefined;
            length: number;
          }>();
          expectTypeOf(ctx).toEqualTypeOf<ToolContext>();
          return input.text;
        },
      });
    });

    it("types the trait callbacks' input the same way", () => {
      defineTool({
        input: Input,
        concurrencyCheck: (input) => {
          expectTypeOf(input.times).toEqualTypeOf<number | undefined>();
          return true;
        },
        resourceKey: ({ text }) => text,
        run: () => "",
      });
    });

    it("returns a Tool that keeps the schema's type", () => {
      const tool = defineTool({ input: Input, run: () => "" });
      expectTypeOf(tool).toExtend<Tool>();
      expectTypeOf(tool.input).toEqualTypeOf<typeof Input>();
    });
  });

  describe("when run returns something", () => {
    it("accepts text, JSON values, ToolOutput and promises of them", () => {
      defineTool({ input: Input, run: () => "text" });
      defineTool({
        input: Input,
        run: () => ({ count: 1, items: ["a", null], nested: { ok: true, gone: undefined } }),
      });
      defineTool({ input: Input, run: () => [1, 2, 3] });
      defineTool({ input: Input, run: () => null });
      defineTool({ input: Input, run: () => ToolOutput.text("x") });
      defineTool({ input: Input, run: async () => ({ done: true }) });
      expectTypeOf<Promise<ToolOutput>>().toExtend<RunResult | Promise<RunResult>>();
    });

    it("rejects values that are not JSON", () => {
      // @ts-expect-error a run that returns nothing is a bug
      defineTool({ input: Input, run: () => {} });
      // @ts-expect-error nor does an async one
      defineTool({ input: Input, run: async () => {} });
      // @ts-expect-error a Date is not JSON (return its ISO string)
      defineTool({ input: Input, run: () => new Date() });
      // @ts-expect-error a bigint has no JSON form
      defineTool({ input: Input, run: () => 1n });
      // @ts-expect-error a Map is not JSON
      defineTool({ input: Input, run: () => new Map<string, number>() });
      // @ts-expect-error nor is a field holding a function
      defineTool({ input: Input, run: () => ({ later: () => 1 }) });
    });

    it("asks for ToolOutput.structured around a value typed by an interface", () => {
      interface Row {
        id: number;
      }
      const row: Row = { id: 1 };
      // @ts-expect-error an interface has no index signature, so it is not a JsonResult
      defineTool({ input: Input, run: () => row });
      defineTool({ input: Input, run: () => ToolOutput.structured(row) });
      defineTool({ input: Input, run: () => ({ ...row }) });
    });
  });

  describe("when the input is not an object schema", () => {
    it("rejects it", () => {
      // @ts-expect-error a string schema has no named fields
      defineTool({ input: z.string(), name: "x", description: "x", run: () => "" });
      // @ts-expect-error an optional object may be undefined
      defineTool({ input: z.object({}).optional(), name: "x", description: "x", run: () => "" });
    });
  });

  describe("when an input field is used wrongly", () => {
    it("is a type error", () => {
      defineTool({
        input: Input,
        // @ts-expect-error times may be undefined
        run: ({ times }) => times.toFixed(),
      });
    });
  });
});

describe("defineToolClass", () => {
  describe("when a subclass defines run", () => {
    it("checks run against the schema and the allowed results", () => {
      class Echo extends defineToolClass({ input: Input }) {
        run({ text, loud }: z.output<typeof Input>): string {
          return loud ? text.toUpperCase() : text;
        }
      }
      expectTypeOf(Echo.input).toEqualTypeOf<typeof Input>();
      expectTypeOf(new Echo()).toExtend<Tool>();
      expectTypeOf<Parameters<Echo["run"]>[0]>().toEqualTypeOf<z.output<typeof Input>>();

      class WrongInput extends defineToolClass({ input: Input }) {
        // @ts-expect-error text is a string, not a number
        run({ text }: { text: number }) {
          return String(text);
        }
      }
      class WrongResult extends defineToolClass({ input: Input }) {
        // @ts-expect-error a Date is not a tool result
        run() {
          return new Date();
        }
      }
      expectTypeOf(WrongInput.input).toEqualTypeOf<typeof Input>();
      expectTypeOf(WrongResult.input).toEqualTypeOf<typeof Input>();
    });

    it("requires run", () => {
      // @ts-expect-error a subclass must implement run
      class Forgetful extends defineToolClass({ input: Input }) {}
      expectTypeOf(Forgetful.input).toEqualTypeOf<typeof Input>();
    });
  });
});
