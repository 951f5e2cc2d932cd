// The windowed scan (fast skipping, the line index, chunk boundaries) against a naive split.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { OpenFile } from "../source/file-source.js";
import { scanFile } from "../read/scan-file.js";
import { StaleGuard } from "../tool/stale-guard.js";
import { encodeText, type TextEncoding } from "../text/text-codec.js";
import { LineIndexCache } from "./line-index.js";

/** An open file over bytes, counting the bytes read. */
function openBytes(bytes: Uint8Array, version: string, read = { bytes: 0 }): OpenFile {
  return {
    path: "/w/f.txt",
    stat: { kind: "file", size: bytes.length, mode: 0o644, version, links: 1, mtimeMs: 0 },
    async *readChunks({ chunkBytes = 512 * 1024, start = 0, end = bytes.length } = {}) {
      for (let at = start; at < end; at += chunkBytes) {
        const chunk = bytes.subarray(at, Math.min(at + chunkBytes, end));
        read.bytes += chunk.length;
        yield chunk;
      }
    },
    readAll: async () => bytes.slice(),
    close: async () => {},
  };
}

/** What Read shows of `text`: lines split at `\n`, a final `\r` dropped, no empty line after a final `\n`. */
function naiveLines(text: string): string[] {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines.map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l));
}

async function scan(
  bytes: Uint8Array,
  o: { offset: number; limit: number; chunkBytes: number; hashed: boolean; cache?: LineIndexCache },
  version = "v1",
  read = { bytes: 0 },
) {
  const result = await scanFile({
    file: openBytes(bytes, version, read),
    path: "/w/f.txt",
    shown: "f.txt",
    window: { offset: o.offset, limit: o.limit, maxLineChars: 1 << 20, maxBytes: 1 << 30 },
    maxHashBytes: o.hashed ? Number.MAX_SAFE_INTEGER : 0,
    ...(o.cache ? { lineIndex: o.cache } : {}),
    chunkBytes: o.chunkBytes,
    guard: new StaleGuard(),
  });
  if (result.kind !== "text") throw new Error("not text");
  return result.window;
}

const lineText = fc
  .array(fc.constantFrom("a", "b", "é", "€", "😀", " ", "\r", "\t"), { maxLength: 12 })
  .map((a) => a.join(""));
const file = fc.record({
  lines: fc.array(lineText, { maxLength: 60 }),
  crlf: fc.boolean(),
  finalNewline: fc.boolean(),
  encoding: fc.constantFrom<TextEncoding>("utf8", "utf8", "utf8-bom", "utf16le", "utf16be"),
});

describe("scanFile's window", () => {
  it("shows the lines a naive split shows, for any file, window and chunk size, indexed or not", async () => {
    await fc.assert(
      fc.asyncProperty(
        file,
        fc.array(
          fc.record({ offset: fc.integer({ min: 1, max: 70 }), limit: fc.integer({ min: 1, max: 20 }) }),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        // From 4 bytes, so the first chunk holds any byte-order mark (real chunks hold the whole sniffed head).
        fc.integer({ min: 4, max: 40 }),
        fc.boolean(),
        async (f, windows, chunkBytes, hashed) => {
          const eol = f.crlf ? "\r\n" : "\n";
          const text = f.lines.join(eol) + (f.finalNewline && f.lines.length > 0 ? eol : "");
          const bytes = encodeText(text, f.encoding);
          const expected = naiveLines(text);
          // One cache for every window: later windows start from line starts the earlier ones recorded.
          const cache = new LineIndexCache();
          for (const { offset, limit } of windows) {
            const w = await scan(bytes, { offset, limit, chunkBytes, hashed, cache });
            const want = expected.slice(offset - 1, offset - 1 + limit);
            expect(w.lines.map((l) => l.text)).toEqual(want);
            expect(w.lines.map((l) => l.number)).toEqual(want.map((_, i) => offset + i));
            if (w.complete) expect(w.total).toBe(expected.length);
            else expect(expected.length).toBeGreaterThan(offset - 1 + w.lines.length);
            if (hashed) expect(w.complete).toBe(true);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe("scanFile's line index", () => {
  const big = Buffer.from(Array.from({ length: 20_000 }, (_, i) => `line ${i + 1}\n`).join(""));
  const options = (cache: LineIndexCache) => ({
    offset: 15_000,
    limit: 3,
    chunkBytes: 4096,
    hashed: false,
    cache,
  });

  it("makes a repeated deep window read only the bytes near it", async () => {
    const cache = new LineIndexCache();
    const first = { bytes: 0 };
    const w1 = await scan(big, options(cache), "v1", first);
    const again = { bytes: 0 };
    const w2 = await scan(big, options(cache), "v1", again);
    expect(w2).toEqual(w1);
    expect(w1.lines.map((l) => l.text)).toEqual(["line 15000", "line 15001", "line 15002"]);
    expect(first.bytes).toBeGreaterThan(150_000);
    // From the nearest line start recorded (chunks are 4 KiB): at most a chunk or two.
    expect(again.bytes).toBeLessThanOrEqual(3 * 4096);
  });
  it("is not used for another version of the file (any change makes a new key)", async () => {
    const cache = new LineIndexCache();
    await scan(big, options(cache), "v1");
    // The same size, every line moved down by one: a changed file has another version.
    const changed = Buffer.from(`\n${big.toString().slice(0, -1)}`);
    const read = { bytes: 0 };
    const w = await scan(changed, options(cache), "v2", read);
    expect(w.lines.map((l) => l.text)).toEqual(["line 14999", "line 15000", "line 15001"]);
    expect(read.bytes).toBeGreaterThan(150_000);
  });
  it("is dropped when the byte before its line start is not a newline, and the scan starts over", async () => {
    const cache = new LineIndexCache();
    await scan(big, options(cache), "v1");
    // Different bytes under the same version (what a stat too coarse to see a change would give).
    const other = Buffer.from(big.toString().replaceAll("line ", "LINE:"));
    const w = await scan(other, options(cache), "v1");
    expect(w.lines.map((l) => l.text)).toEqual(["LINE:15000", "LINE:15001", "LINE:15002"]);
    expect(cache.get("v1")).toBeDefined();
  });
  it("is not built for a file small enough to hash, which is read whole anyway", async () => {
    const cache = new LineIndexCache();
    await scan(big, { ...options(cache), hashed: true });
    expect(cache.size).toBe(0);
  });
});
