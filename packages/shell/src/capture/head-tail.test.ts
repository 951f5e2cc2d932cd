import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HeadTail } from "./head-tail.js";

describe("HeadTail", () => {
  describe("when the stream fits", () => {
    it("holds every byte", () => {
      const b = new HeadTail({ headBytes: 4, tailBytes: 4 });
      b.push(Buffer.from("abc"));
      b.push(Buffer.from("defgh"));
      const s = b.since(0);
      expect(Buffer.concat([s.head, s.tail]).toString()).toBe("abcdefgh");
      expect(s.omitted).toBe(0);
      expect(b.overflowed).toBe(false);
    });
  });

  describe("when the stream outgrows head and tail", () => {
    it("keeps the first and last bytes and counts the rest", () => {
      const b = new HeadTail({ headBytes: 3, tailBytes: 3 });
      b.push(Buffer.from("0123456789"));
      const s = b.since(0);
      expect([s.head.toString(), s.omitted, s.tail.toString()]).toEqual(["012", 4, "789"]);
      expect(b.since(8).tail.toString()).toBe("89");
      expect(b.since(5)).toMatchObject({ omitted: 2 });
    });
  });

  describe("when chunks and offsets are arbitrary", () => {
    it("always answers with the true bytes around one gap", () => {
      fc.assert(
        fc.property(
          fc.array(fc.uint8Array({ maxLength: 20 }), { maxLength: 12 }),
          fc.nat(8),
          fc.nat(8),
          fc.nat(300),
          (chunks, headBytes, tailBytes, offset) => {
            const all = Buffer.concat(chunks.map((c) => Buffer.from(c)));
            const b = new HeadTail({ headBytes, tailBytes });
            for (const c of chunks) b.push(Buffer.from(c));
            const from = Math.min(offset, all.length);
            const s = b.since(offset);
            expect(s.head.length + s.omitted + s.tail.length).toBe(all.length - from);
            expect(s.head.equals(all.subarray(from, from + s.head.length))).toBe(true);
            expect(s.tail.equals(all.subarray(all.length - s.tail.length))).toBe(true);
            expect(s.tail.length).toBeLessThanOrEqual(tailBytes);
          },
        ),
      );
    });
  });
});
