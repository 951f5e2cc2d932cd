import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toToolOutput } from "../tool-base/tool-base.js";
import { DisplayHint, Retention, ToolOutput } from "./output.js";
import { secondCopy } from "../test/second-copy.test-support.js";

const PNG_1PX =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

describe("ToolOutput", () => {
  describe("when built with text", () => {
    it("holds one text part and is not an error", () => {
      const out = ToolOutput.text("hello");
      expect(out.isError).toBe(false);
      expect(out.parts).toEqual([{ type: "text", text: "hello" }]);
      expect(out.textContent()).toBe("hello");
      expect(out.hint).toBeUndefined();
      expect(out.retention).toBe("default");
    });
    it("parses text that is JSON as the structured value", () => {
      expect(ToolOutput.text('{"a":1}').structuredValue()).toEqual({ a: 1 });
      expect(ToolOutput.text("not json").structuredValue()).toBeUndefined();
    });
    it("refuses a non-string", () => {
      expect(() => ToolOutput.text(42 as unknown as string)).toThrow(TypeError);
    });
  });
  describe("when built with errorText", () => {
    it("is a soft failure carrying the text", () => {
      const out = ToolOutput.errorText("boom");
      expect(out.isError).toBe(true);
      expect(out.textContent()).toBe("boom");
    });
  });
  describe("when built with structured", () => {
    it("holds compact JSON text and the value", () => {
      const out = ToolOutput.structured({ b: [1, 2], a: "x" });
      expect(out.textContent()).toBe('{"b":[1,2],"a":"x"}');
      expect(out.structuredValue()).toEqual({ b: [1, 2], a: "x" });
      expect(out.hint).toBe(DisplayHint.Json);
      expect(out.isError).toBe(false);
    });
    it("copies the value so later mutation does not leak in", () => {
      const value = { n: 1 };
      const out = ToolOutput.structured(value);
      value.n = 2;
      expect(out.structuredValue()).toEqual({ n: 1 });
      expect(Object.isFrozen(out.structuredValue())).toBe(true);
    });
    it("turns a circular value into an errorText instead of throwing", () => {
      const a: Record<string, unknown> = { name: "loop" };
      a.self = a;
      const out = ToolOutput.structured(a);
      expect(out.isError).toBe(true);
      expect(out.textContent()).toMatch(
        /^JSON error: the tool's structured output cannot be serialised: .*circular/i,
      );
    });
    it("turns a BigInt into an errorText instead of throwing", () => {
      const out = ToolOutput.structured({ big: 10n });
      expect(out.isError).toBe(true);
      expect(out.textContent()).toMatch(/^JSON error: .*BigInt/);
    });
    it("turns undefined into an errorText", () => {
      const out = ToolOutput.structured(undefined);
      expect(out.isError).toBe(true);
      expect(out.textContent()).toBe(
        "JSON error: the tool's structured output cannot be serialised: undefined has no JSON form",
      );
    });
    it("round-trips any JSON value", () => {
      fc.assert(
        fc.property(fc.jsonValue(), (value) => {
          const out = ToolOutput.structured(value);
          expect(out.structuredValue()).toEqual(JSON.parse(JSON.stringify(value)));
        }),
      );
    });
  });
  describe("when built with multipart", () => {
    it("keeps text and image parts in order and joins text with newlines", () => {
      const out = ToolOutput.multipart([
        { type: "text", text: "a" },
        { type: "image", data: PNG_1PX, mediaType: "image/png" },
        { type: "text", text: "b" },
      ]);
      expect(out.parts.map((p) => p.type)).toEqual(["text", "image", "text"]);
      expect(out.textContent()).toBe("a\nb");
      expect(out.structuredValue()).toBeUndefined();
    });
    it("gives empty text when there are only images", () => {
      expect(
        ToolOutput.multipart([{ type: "image", data: PNG_1PX, mediaType: "image/png" }]).textContent(),
      ).toBe("");
    });
    it.each([
      [[{ type: "video", data: "" }], /parts\[0\]\.type.*"video"/],
      [[{ type: "image", data: "not base64!", mediaType: "image/png" }], /parts\[0\]\.data.*base64/],
      [[{ type: "image", data: PNG_1PX, mediaType: "text/plain" }], /parts\[0\]\.mediaType.*"text\/plain"/],
      [[null], /parts\[0\]. must be an object/],
    ])("refuses a malformed part %#", (parts, message) => {
      expect(() => ToolOutput.multipart(parts as never)).toThrow(message);
    });
  });
  describe("when copied with with*", () => {
    it("returns new outputs and leaves the original unchanged", () => {
      const a = ToolOutput.text("x");
      const b = a.withHint(DisplayHint.Diff).withRetention(Retention.Durable).withMeta("memoized", true);
      expect(a.hint).toBeUndefined();
      expect(a.retention).toBe("default");
      expect(a.meta).toEqual({});
      expect(b.hint).toBe("diff");
      expect(b.retention).toBe("durable");
      expect(b.meta).toEqual({ memoized: true });
      expect(b.textContent()).toBe("x");
      expect(Object.isFrozen(a)).toBe(true);
    });
    it("replaces text but keeps images, error flag and hint with withText", () => {
      const out = ToolOutput.multipart([
        { type: "text", text: "long" },
        { type: "image", data: PNG_1PX, mediaType: "image/png" },
        { type: "text", text: "more" },
      ])
        .withError(true)
        .withHint("code")
        .withText("short");
      expect(out.parts).toEqual([
        { type: "text", text: "short" },
        { type: "image", data: PNG_1PX, mediaType: "image/png" },
      ]);
      expect(out.isError).toBe(true);
      expect(out.hint).toBe("code");
    });
    it("exposes the hint and retention constants", () => {
      expect(Object.values(DisplayHint)).toEqual(["text", "diff", "json", "code", "markdown", "suppress"]);
      expect(Object.values(Retention)).toEqual(["default", "requery", "durable"]);
    });
  });
  describe("when text carries a structured value beside it", () => {
    it("shows the text to the model and gives the value to hosts", () => {
      const out = ToolOutput.text("1. Result")
        .withHint("markdown")
        .withStructured({ results: [{ n: 1 }] });
      expect(out.textContent()).toBe("1. Result");
      expect(out.structuredValue()).toEqual({ results: [{ n: 1 }] });
      expect(out.hint).toBe("markdown");
      expect(out.withText("other").structuredValue()).toBeUndefined();
    });
    it("says whether it carries a value of its own, whatever its hint", () => {
      expect(ToolOutput.structured({ a: 1 }).hasStructured).toBe(true);
      expect(ToolOutput.structured({ a: 1 }).withHint("code").hasStructured).toBe(true);
      expect(ToolOutput.structured({ a: 1 }).withHint("code").structuredValue()).toEqual({ a: 1 });
      expect(ToolOutput.text("x").withStructured([1]).hasStructured).toBe(true);
      expect(ToolOutput.text("x").withStructured([1]).withHint(undefined).hasStructured).toBe(true);
      expect(ToolOutput.text('{"a":1}').hasStructured).toBe(false);
      expect(ToolOutput.text('{"a":1}').withHint("json").hasStructured).toBe(false);
      expect(ToolOutput.structured({ a: 1 }).withText("x").hasStructured).toBe(false);
      expect(ToolOutput.errorText("no").hasStructured).toBe(false);
    });
    it("refuses a value with no JSON form", () => {
      expect(() => ToolOutput.text("x").withStructured({ n: 1n })).toThrow(
        /withStructured: the value cannot be serialised/,
      );
      expect(() => ToolOutput.text("x").withStructured(undefined)).toThrow(
        "ToolOutput.withStructured: undefined has no JSON form",
      );
    });
  });
  describe("when read with structuredAs", () => {
    const zodLike = {
      safeParse: (v: unknown) =>
        typeof v === "object" && v !== null && typeof (v as { n?: unknown }).n === "number"
          ? { success: true as const, data: v as { n: number } }
          : { success: false as const },
    };
    const standard = {
      "~standard": {
        validate: (v: unknown) =>
          typeof v === "number" ? { value: v * 2 } : { issues: [{ message: "not a number" }] },
      },
    };
    it("returns the parsed value when it parses", () => {
      expect(ToolOutput.structured({ n: 3 }).structuredAs(zodLike)).toEqual({ n: 3 });
      expect(ToolOutput.structured(4).structuredAs(standard)).toBe(8);
    });
    it("returns undefined when it does not parse or there is no JSON", () => {
      expect(ToolOutput.structured({ n: "3" }).structuredAs(zodLike)).toBeUndefined();
      expect(ToolOutput.structured("x").structuredAs(standard)).toBeUndefined();
      expect(ToolOutput.text("plain").structuredAs(zodLike)).toBeUndefined();
    });
    it("refuses an asynchronous schema with a clear error", () => {
      const asyncSchema = { "~standard": { validate: async (v: unknown) => ({ value: v }) } };
      expect(() => ToolOutput.structured(1).structuredAs(asyncSchema)).toThrow(/asynchronously/);
    });
  });
  describe("when it comes from another copy of the package", () => {
    it("is recognised by its brand, not by instanceof", async () => {
      const other = await secondCopy<typeof import("./output.js")>("../output/output.js");
      expect(other.ToolOutput).not.toBe(ToolOutput);
      const foreign = other.ToolOutput.structured({ n: 1 });
      expect(foreign instanceof ToolOutput).toBe(false);
      expect(ToolOutput.is(foreign)).toBe(true);
      expect(other.ToolOutput.is(ToolOutput.text("x"))).toBe(true);
    });
    it("passes through toToolOutput unchanged instead of becoming {}", async () => {
      const other = await secondCopy<typeof import("./output.js")>("../output/output.js");
      const foreign = other.ToolOutput.text("from the other copy");
      expect(toToolOutput(foreign)).toBe(foreign);
      expect(toToolOutput(foreign).textContent()).toBe("from the other copy");
    });
    it("refuses look-alikes and hostile values without throwing", () => {
      const revoked = Proxy.revocable({}, {});
      revoked.revoke();
      const trap = new Proxy(
        {},
        {
          get() {
            throw new Error("trap");
          },
          getPrototypeOf() {
            throw new Error("trap");
          },
        },
      );
      for (const value of [{ isError: false, parts: [] }, revoked.proxy, trap, null, "text", 1]) {
        expect(ToolOutput.is(value)).toBe(false);
      }
    });
  });
});
