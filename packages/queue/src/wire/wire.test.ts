import { createToolContext, DisplayHint, Retention, ToolOutput } from "@toolkit/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeCall, encodeCall, WireError, wireContext } from "./wire-call.js";
import { decodeOutput, encodeOutput } from "./wire-output.js";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]).toString("base64");

describe("encodeCall", () => {
  const ctx = createToolContext({
    cwd: "/repo",
    sessionId: "s-1",
    isNonInteractive: true,
    userContext: { tenant: "acme" },
  });

  it("gives the same bytes for the same call, whatever the key order", () => {
    const a = encodeCall({ id: "c1", name: "Read", input: { b: 1, a: [2] }, ctx: wireContext(ctx) });
    const b = encodeCall({ ctx: wireContext(ctx), input: { a: [2], b: 1 }, name: "Read", id: "c1" });
    expect(a).toBe(b);
    expect(a).toBe(
      '{"ctx":{"cwd":"/repo","isNonInteractive":true,"sessionId":"s-1","userContext":{"tenant":"acme"}},"id":"c1","input":{"a":[2],"b":1},"name":"Read","v":1}',
    );
  });

  it("round-trips the call, the crossing context, the deadline and the trace parent", () => {
    const traceparent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    const call = {
      id: "c2",
      name: "Shell",
      input: { command: "ls" },
      ctx: wireContext(ctx, 1_700_000_000_000),
      traceparent,
    };
    expect(decodeCall(encodeCall(call))).toEqual({ ...call, v: 1 });
  });

  it("refuses an input with no JSON form with a WireError naming the call", () => {
    expect(() => encodeCall({ id: "c3", name: "X", input: { n: 1n }, ctx: wireContext(ctx) })).toThrowError(
      /call c3 to 'X' cannot cross the queue: canonicalJson: a BigInt/,
    );
  });

  it.each([
    ["not json", "decode call: not JSON"],
    ["[]", "decode call: `(message)` must be a JSON object, got []"],
    ['{"v":2}', "decode call: `v` must be 1, got 2"],
    ['{"v":1,"id":"","name":"X"}', 'decode call: `id` must be a non-empty string, got ""'],
    [
      '{"v":1,"id":"a","name":"X","ctx":{"cwd":"/","sessionId":"s","isNonInteractive":true,"userContext":{"a":1}}}',
      'decode call.ctx: `userContext` must be an object of strings, got {"a":1}',
    ],
  ])("refuses %s", (text, message) => {
    expect(() => decodeCall(text)).toThrowError(WireError);
    expect(() => decodeCall(text)).toThrowError(message);
  });
});

describe("encodeOutput", () => {
  it.each([
    ["text", ToolOutput.text("hello")],
    ["error text", ToolOutput.errorText("No such branch: main2")],
    ["structured", ToolOutput.structured({ matches: 2, files: ["a.ts"] })],
    [
      "multipart with an image",
      ToolOutput.multipart([
        { type: "text", text: "before" },
        { type: "image", data: PNG, mediaType: "image/png" },
        { type: "text", text: "after" },
      ]),
    ],
    [
      "text with hint, retention, meta and structured value",
      ToolOutput.text("1. a\n2. b")
        .withHint(DisplayHint.Markdown)
        .withRetention(Retention.Durable)
        .withStructured(["a", "b"])
        .withMeta("memoized", true),
    ],
    [
      "an image alone, flagged as error",
      ToolOutput.multipart([{ type: "image", data: PNG, mediaType: "image/jpeg" }]).withError(true),
    ],
  ])("round-trips %s", (_, output) => {
    const back = decodeOutput(encodeOutput(output));
    expect(back.parts).toEqual(output.parts);
    expect(back.isError).toBe(output.isError);
    expect(back.hint).toBe(output.hint);
    expect(back.retention).toBe(output.retention);
    expect(back.meta).toEqual(output.meta);
    expect(back.structuredValue()).toEqual(output.structuredValue());
    expect(back.textContent()).toBe(output.textContent());
    expect(encodeOutput(back)).toBe(encodeOutput(output));
  });

  it("keeps image bytes exact", () => {
    const out = ToolOutput.multipart([{ type: "image", data: PNG, mediaType: "image/png" }]);
    const [part] = decodeOutput(encodeOutput(out)).parts;
    expect(part?.type === "image" && Buffer.from(part.data, "base64")).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]),
    );
  });

  it("round-trips any text, hint and retention (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string(), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(undefined, ...Object.values(DisplayHint)),
        fc.constantFrom(...Object.values(Retention)),
        fc.boolean(),
        (texts, hint, retention, isError) => {
          const parts = texts.map((text) => ({ type: "text" as const, text }));
          const out = ToolOutput.multipart(parts).withHint(hint).withRetention(retention).withError(isError);
          const wire = encodeOutput(out);
          const back = decodeOutput(wire);
          expect(back.parts).toEqual(out.parts);
          expect(encodeOutput(back)).toBe(wire);
        },
      ),
    );
  });

  it.each([
    ['{"v":1,"parts":"x","isError":false,"retention":"default","meta":{}}', "`parts` must be an array"],
    ['{"v":1,"parts":[],"isError":"no","retention":"default","meta":{}}', "`isError` must be a boolean"],
    [
      '{"v":1,"parts":[],"isError":false,"retention":"forever","meta":{}}',
      "`retention` must be default | requery | durable",
    ],
    [
      '{"v":1,"parts":[{"type":"image","data":"@@","mediaType":"image/png"}],"isError":false,"retention":"default","meta":{}}',
      "`parts` must be text and image parts",
    ],
  ])("refuses %s", (text, message) => {
    expect(() => decodeOutput(text)).toThrowError(message);
  });
});
