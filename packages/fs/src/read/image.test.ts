import { describe, expect, it } from "vitest";
import { sniffImage } from "./image.js";

function png(width: number, height: number): Buffer {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.write("IHDR", 12, "latin1");
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
}

function gif(width: number, height: number): Buffer {
  const b = Buffer.alloc(13);
  b.write("GIF89a", 0, "latin1");
  b.writeUInt16LE(width, 6);
  b.writeUInt16LE(height, 8);
  return b;
}

function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x04, 0x00, 0x00]);
  const sof = Buffer.alloc(11);
  sof.writeUInt16BE(0xffc0, 0);
  sof.writeUInt16BE(8, 2);
  sof[4] = 8;
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof]);
}

function webpLossless(width: number, height: number): Buffer {
  const b = Buffer.alloc(30);
  b.write("RIFF", 0, "latin1");
  b.write("WEBP", 8, "latin1");
  b.write("VP8L", 12, "latin1");
  b[20] = 0x2f;
  b.writeUInt32LE((width - 1) | ((height - 1) << 14), 21);
  return b;
}

describe("sniffImage", () => {
  describe("when the bytes are an image", () => {
    it.each([
      ["PNG", png(640, 480), "image/png"],
      ["GIF", gif(16, 9), "image/gif"],
      ["JPEG", jpeg(1024, 768), "image/jpeg"],
      ["WebP", webpLossless(300, 200), "image/webp"],
    ])("recognises %s with its size", (format, bytes, mediaType) => {
      const info = sniffImage(bytes);
      expect(info?.format).toBe(format);
      expect(info?.mediaType).toBe(mediaType);
      expect(info?.width).toBeGreaterThan(0);
    });
    it("reads the pixel sizes from the headers", () => {
      expect(sniffImage(png(640, 480))).toMatchObject({ width: 640, height: 480 });
      expect(sniffImage(gif(16, 9))).toMatchObject({ width: 16, height: 9 });
      expect(sniffImage(jpeg(1024, 768))).toMatchObject({ width: 1024, height: 768 });
      expect(sniffImage(webpLossless(300, 200))).toMatchObject({ width: 300, height: 200 });
    });
  });
  describe("when the bytes are not an image", () => {
    it("returns undefined for text", () => {
      expect(sniffImage(Buffer.from("GIF is a format\n"))).toBeUndefined();
    });
  });
});
