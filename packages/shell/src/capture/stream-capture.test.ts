import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { finished } from "node:stream/promises";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StreamCapture } from "./stream-capture.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "shell-capture-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let files = 0;
async function capture(chunks: readonly Uint8Array[], maxBytes: number, maxSpillBytes?: number) {
  const sink = new StreamCapture({
    maxBytes,
    spillPath: async () => join(dir, `spill-${files++}.log`),
    ...(maxSpillBytes === undefined ? {} : { maxSpillBytes }),
  });
  for (const chunk of chunks) sink.write(Buffer.from(chunk));
  sink.end();
  await finished(sink);
  return sink;
}

// Bytes without CR, so that collapsing leaves the stream as it is.
const noCr = fc.uint8Array({ maxLength: 64 }).map((bytes) => bytes.map((b) => (b === 13 ? 10 : b)));

describe("StreamCapture", () => {
  describe("when the stream fits the cap", () => {
    it("holds all of it and writes no file", async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(noCr, { maxLength: 4 }), async (chunks) => {
          const all = Buffer.concat(chunks.map((c) => Buffer.from(c)));
          const sink = await capture(chunks, 256);
          const held = sink.since(0);
          expect(Buffer.concat([held.head, held.tail]).equals(all)).toBe(true);
          expect(sink.spill).toBeUndefined();
        }),
        { numRuns: 50 },
      );
    });
  });

  describe("when the stream outgrows the cap", () => {
    it("keeps its first and last bytes and saves every byte to the spill file", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(noCr, { minLength: 3, maxLength: 12 }),
          fc.integer({ min: 2, max: 40 }),
          async (chunks, maxBytes) => {
            const all = Buffer.concat(chunks.map((c) => Buffer.from(c)));
            fc.pre(all.length > maxBytes);
            const sink = await capture(chunks, maxBytes);
            const held = sink.since(0);
            expect(held.head.equals(all.subarray(0, held.head.length))).toBe(true);
            expect(held.tail.equals(all.subarray(all.length - held.tail.length))).toBe(true);
            expect(held.head.length + held.tail.length).toBe(maxBytes);
            expect((await readFile(sink.spill?.path ?? "")).equals(all)).toBe(true);
          },
        ),
        { numRuns: 50 },
      );
    });
  });

  describe("when the stream outgrows the spill file cap", () => {
    it("writes exactly the first maxSpillBytes bytes, records the cap and still keeps the tail", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(noCr, { minLength: 3, maxLength: 12 }),
          fc.integer({ min: 2, max: 20 }),
          fc.integer({ min: 1, max: 200 }),
          async (chunks, maxBytes, maxSpillBytes) => {
            const all = Buffer.concat(chunks.map((c) => Buffer.from(c)));
            fc.pre(all.length > maxBytes);
            const sink = await capture(chunks, maxBytes, maxSpillBytes);
            const file = await readFile(sink.spill?.path ?? "");
            expect(file.equals(all.subarray(0, maxSpillBytes))).toBe(true);
            expect(sink.spill?.cappedAt).toBe(all.length > maxSpillBytes ? maxSpillBytes : undefined);
            const held = sink.since(0);
            expect(held.tail.equals(all.subarray(all.length - held.tail.length))).toBe(true);
            expect(sink.totalBytes).toBe(all.length);
          },
        ),
        { numRuns: 50 },
      );
    });
  });

  describe("when the spill file cannot be created", () => {
    it("keeps capturing and records why", async () => {
      const sink = new StreamCapture({
        maxBytes: 4,
        spillPath: async () => join(dir, "missing-dir", "x.log"),
      });
      sink.end(Buffer.from("0123456789"));
      await finished(sink);
      expect(sink.spill).toEqual({ error: "ENOENT" });
      expect(sink.since(0)).toMatchObject({ omitted: 6 });
    });
  });
});
