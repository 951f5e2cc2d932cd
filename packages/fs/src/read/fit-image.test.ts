import { type TempWorkspace, tempWorkspace } from "@toolkit/test-kit";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_IMAGE_BASE64_CHARS } from "./fit-image.js";
import { Read } from "./read.js";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

async function sentImage(name: string) {
  const out = await new Read().call({ file_path: name }, ws.ctx);
  const part = out.parts.find((p) => p.type === "image");
  if (part?.type !== "image") throw new Error(`no image part: ${out.textContent()}`);
  const meta = await sharp(Buffer.from(part.data, "base64")).metadata();
  return { out, part, meta };
}

/** Random RGB pixels: PNG cannot compress them, so the file is about 3 bytes a pixel. */
function noise(width: number, height: number): Buffer {
  const raw = Buffer.alloc(width * height * 3);
  let x = 0x2545f491;
  for (let i = 0; i < raw.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    raw[i] = x & 0xff;
  }
  return raw;
}

describe("Read fitting images to the provider ceilings", () => {
  it("resizes a 12000x3000 PNG to 8000x2000, keeping the aspect ratio, and says both sizes", async () => {
    const png = await sharp({ create: { width: 12000, height: 3000, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer();
    await writeFile(join(ws.root, "wide.png"), png);
    const { out, part, meta } = await sentImage("wide.png");
    expect(part.mediaType).toBe("image/png");
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 8000, 2000]);
    expect(out.textContent()).toMatch(
      /^Image: wide\.png \(PNG, 12000x3000, [\d,]+ bytes; sent resized to fit 8000 px and 5 MB as PNG, 8000x2000, [\d,]+ bytes\)$/,
    );
  });
  it("shrinks a PNG over 5 MB of base64 until it fits, instead of refusing it", async () => {
    const png = await sharp(noise(1500, 1200), { raw: { width: 1500, height: 1200, channels: 3 } })
      .png()
      .toBuffer();
    expect(png.length).toBeGreaterThan(5 * 1024 * 1024);
    await writeFile(join(ws.root, "big.png"), png);
    const { out, part, meta } = await sentImage("big.png");
    expect(out.isError).toBe(false);
    expect(part.data.length).toBeLessThanOrEqual(MAX_IMAGE_BASE64_CHARS);
    expect(meta.format).toBe("png");
    expect(Math.abs((meta.width ?? 0) / (meta.height ?? 1) - 1.25)).toBeLessThan(0.01);
  });
  it("re-encodes a large photo as JPEG", async () => {
    const jpg = await sharp(noise(3000, 2000), { raw: { width: 3000, height: 2000, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer();
    await writeFile(join(ws.root, "photo.jpg"), jpg);
    const { part, meta } = await sentImage("photo.jpg");
    expect(part.mediaType).toBe("image/jpeg");
    expect(meta.format).toBe("jpeg");
    expect(part.data.length).toBeLessThanOrEqual(MAX_IMAGE_BASE64_CHARS);
  });
  it("sends an image that fits unchanged", async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    await writeFile(join(ws.root, "small.png"), png);
    const { out, part } = await sentImage("small.png");
    expect(part.data).toBe(png.toString("base64"));
    expect(out.textContent()).not.toContain("resized");
  });
});
