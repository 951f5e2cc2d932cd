import { readFile } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { wasmBase64 } from "../../scripts/newline-wasm.mjs";
import { countNewlines, countNewlinesJs, newlineCounterKind } from "./count-newlines.js";
import { NEWLINE_COUNT_WASM } from "./newline-count-wasm.js";

/** The plain count every method must agree with. */
function naive(bytes: Uint8Array): number {
  let n = 0;
  for (const b of bytes) if (b === 10) n++;
  return n;
}

describe("countNewlines", () => {
  it("runs the checked-in WebAssembly module, built from newline-count.wat", async () => {
    const wat = await readFile(join(import.meta.dirname, "newline-count.wat"), "utf8");
    expect(await wasmBase64(wat)).toBe(NEWLINE_COUNT_WASM);
  });
  it("uses the SIMD module on this Node", () => {
    expect(newlineCounterKind()).toBe("wasm-simd");
  });
  it.each([0, 1, 15, 16, 63, 64, 65, 511, 512, 4031, 4032, 4033, 4096, 256 * 1024, 256 * 1024 + 1, 600_000])(
    "counts %i bytes of newlines, and the same bytes with none",
    (size) => {
      expect(countNewlines(new Uint8Array(size).fill(10))).toBe(size);
      expect(countNewlines(new Uint8Array(size).fill(11))).toBe(0);
    },
  );
  it("counts more than 255 newlines in one lane of a block without overflowing it", () => {
    // Every 16th byte is a newline: one lane takes all 252 of a 4032-byte block, then more.
    const bytes = new Uint8Array(100_000).map((_, i) => (i % 16 === 3 ? 10 : 97));
    expect(countNewlines(bytes)).toBe(naive(bytes));
  });
  it("agrees with a plain count on random bytes at any offset and length", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 0, maxLength: 9000 }),
        fc.nat(70),
        fc.nat(400_000),
        (body, skip, extra) => {
          // Mostly newlines and a few other bytes, then a long plain tail past one 256 KiB piece.
          const bytes = Buffer.concat([
            body.map((b) => (b % 3 === 0 ? 10 : b)),
            Buffer.alloc(extra % 300_000, 10),
          ]);
          const view = bytes.subarray(Math.min(skip, bytes.length));
          expect(countNewlines(view)).toBe(naive(view));
          expect(countNewlinesJs(view)).toBe(naive(view));
        },
      ),
      { numRuns: 60 },
    );
  });
});
