import { describe, expect, it } from "vitest";
import { decodeText, encodeText, sniffEncoding, type TextEncoding, toUtf8Chunks } from "./text-codec.js";

describe("sniffEncoding", () => {
  describe("when the bytes start with a byte-order mark", () => {
    it.each([
      [[0xff, 0xfe, 0x61, 0x00], "utf16le"],
      [[0xfe, 0xff, 0x00, 0x61], "utf16be"],
      [[0xef, 0xbb, 0xbf, 0x61], "utf8-bom"],
    ])("reads %j as %s", (bytes, encoding) => {
      expect(sniffEncoding(Uint8Array.from(bytes))).toBe(encoding);
    });
  });
  describe("when the bytes have no mark", () => {
    it("takes valid UTF-8 as utf8", () => {
      expect(sniffEncoding(Buffer.from("héllo ✓"))).toBe("utf8");
    });
    it("refuses a NUL byte as binary", () => {
      expect(sniffEncoding(Buffer.from("ab\0cd"))).toBeUndefined();
    });
    it("refuses bytes that are not UTF-8", () => {
      expect(sniffEncoding(Uint8Array.from([0x61, 0xc3, 0x28, 0x62]))).toBeUndefined();
    });
    it("accepts a multi-byte character cut by the end of the sample", () => {
      const bytes = Buffer.concat([Buffer.alloc(8190, 0x61), Buffer.from("€")]);
      expect(sniffEncoding(bytes.subarray(0, 8192))).toBe("utf8");
    });
  });
});

describe("decodeText", () => {
  describe("when the text round-trips through encodeText", () => {
    it.each<TextEncoding>(["utf8", "utf8-bom", "utf16le", "utf16be"])("keeps %s and the text", (encoding) => {
      const text = "line one\r\nzwei — ü 😀\n";
      const bytes = encodeText(text, encoding);
      expect(decodeText(bytes)).toEqual({ text, encoding });
    });
  });
  describe("when the bytes are not valid text", () => {
    it("returns undefined for invalid UTF-8 past the sniffed sample", () => {
      const bytes = Buffer.concat([Buffer.alloc(10_000, 0x61), Uint8Array.from([0xff, 0x61])]);
      expect(decodeText(bytes)).toBeUndefined();
    });
    it("returns undefined for UTF-16 with an odd byte count", () => {
      expect(decodeText(Uint8Array.from([0xff, 0xfe, 0x61, 0x00, 0x62]))).toBeUndefined();
    });
    it("returns undefined for UTF-16 with a lone surrogate", () => {
      expect(decodeText(Uint8Array.from([0xff, 0xfe, 0x00, 0xd8, 0x61, 0x00]))).toBeUndefined();
    });
  });
});

describe("toUtf8Chunks", () => {
  describe("when UTF-16 is split inside a character", () => {
    it("gives the same UTF-8 as decoding it whole", () => {
      const body = encodeText("a😀b\nc", "utf16be").subarray(2);
      const convert = toUtf8Chunks("utf16be");
      const parts = [
        convert(body.subarray(0, 3), false),
        convert(body.subarray(3, 5), false),
        convert(body.subarray(5), true),
      ];
      expect(Buffer.concat(parts).toString("utf8")).toBe("a😀b\nc");
    });
  });
});
