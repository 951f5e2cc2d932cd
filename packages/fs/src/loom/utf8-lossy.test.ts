import { type TempWorkspace, tempWorkspace } from "@toolkit/test-kit";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLoomTools } from "./create-loom-tools.js";
import { utf8Lossy } from "./utf8-lossy.js";

/**
 * The WHATWG UTF-8 decoder ("replacement per maximal subpart"), written out
 * from the Encoding Standard as a reference: the rule Rust's
 * `String::from_utf8_lossy` and `TextDecoder` follow.
 */
function referenceLossy(bytes: Uint8Array): string {
  let out = "";
  let needed = 0;
  let seen = 0;
  let codePoint = 0;
  let lower = 0x80;
  let upper = 0xbf;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] ?? 0;
    if (needed === 0) {
      if (byte <= 0x7f) out += String.fromCodePoint(byte);
      else if (byte >= 0xc2 && byte <= 0xdf) [needed, codePoint] = [1, byte & 0x1f];
      else if (byte >= 0xe0 && byte <= 0xef) {
        if (byte === 0xe0) lower = 0xa0;
        if (byte === 0xed) upper = 0x9f;
        [needed, codePoint] = [2, byte & 0x0f];
      } else if (byte >= 0xf0 && byte <= 0xf4) {
        if (byte === 0xf0) lower = 0x90;
        if (byte === 0xf4) upper = 0x8f;
        [needed, codePoint] = [3, byte & 0x07];
      } else out += "\uFFFD";
      continue;
    }
    if (byte < lower || byte > upper) {
      [needed, seen, codePoint, lower, upper] = [0, 0, 0, 0x80, 0xbf];
      out += "\uFFFD";
      i--; // the byte starts afresh
      continue;
    }
    [lower, upper] = [0x80, 0xbf];
    codePoint = (codePoint << 6) | (byte & 0x3f);
    if (++seen === needed) {
      out += String.fromCodePoint(codePoint);
      [needed, seen, codePoint] = [0, 0, 0];
    }
  }
  return needed === 0 ? out : `${out}\uFFFD`;
}

/** Bytes biased towards the interesting ones: lead bytes, continuations, the edges of each range. */
const bytes = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: 255 }),
      fc.constantFrom(0x7f, 0x80, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff),
      fc.integer({ min: 0x80, max: 0xbf }),
    ),
    { maxLength: 64 },
  )
  .map((list) => Uint8Array.from(list));

let ws: TempWorkspace;
beforeAll(async () => {
  ws = await tempWorkspace();
});
afterAll(() => ws.cleanup());

describe("utf8Lossy", () => {
  describe("when the bytes are arbitrary", () => {
    it("replaces each maximal invalid subpart with one U+FFFD, as the reference and TextDecoder do", () => {
      fc.assert(
        fc.property(bytes, (b) => {
          const expected = referenceLossy(b);
          expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(b)).toBe(expected);
          expect(utf8Lossy(b)).toBe(expected);
        }),
        { numRuns: 2000 },
      );
    });
    it.each([
      [[0xf0, 0x9f, 0x98], "\uFFFD"],
      [[0xe0, 0x80, 0x80], "\uFFFD\uFFFD\uFFFD"],
      [[0xed, 0xa0, 0x80], "\uFFFD\uFFFD\uFFFD"],
      [[0x61, 0xf1, 0x80, 0x62], "a\uFFFDb"],
      [[0xef, 0xbb, 0xbf, 0x61], "\uFEFFa"],
    ])("reads %j as %j", (input, text) => {
      expect(referenceLossy(Uint8Array.from(input))).toBe(text);
      expect(utf8Lossy(Uint8Array.from(input))).toBe(text);
    });
  });
});

describe("read_file", () => {
  describe("when a file holds arbitrary bytes", () => {
    it("reads them as from_utf8_lossy would, wherever the invalid bytes are", async () => {
      const [read] = createLoomTools();
      let n = 0;
      await fc.assert(
        fc.asyncProperty(bytes, fc.nat({ max: 20_000 }), async (tail, lead) => {
          // Valid text first, so the invalid bytes also land after the first 8 KiB.
          const file = Buffer.concat([Buffer.from("a".repeat(lead)), tail]);
          const name = `r${n++}.bin`;
          await writeFile(join(ws.root, name), file);
          const out = await read.call({ path: name }, ws.ctx);
          expect(out.structuredValue()).toEqual({
            path: join(ws.root, name),
            contents: referenceLossy(file),
            truncated: false,
          });
        }),
        { numRuns: 150 },
      );
    });
  });
});
