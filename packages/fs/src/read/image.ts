/** An image recognised from its first bytes. */
export interface ImageInfo {
  /** `image/png`, `image/jpeg`, `image/gif` or `image/webp`. */
  readonly mediaType: string;
  /** `PNG`, `JPEG`, `GIF` or `WebP`. */
  readonly format: string;
  /** Pixel size, when the header says it. */
  readonly width?: number;
  readonly height?: number;
}

/** Recognises PNG, JPEG, GIF and WebP by their magic bytes (pure; no I/O). */
export function sniffImage(bytes: Uint8Array): ImageInfo | undefined {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a) {
    return sized("image/png", "PNG", b.readUInt32BE(16), b.readUInt32BE(20));
  }
  if (
    b.length >= 10 &&
    (b.toString("latin1", 0, 6) === "GIF87a" || b.toString("latin1", 0, 6) === "GIF89a")
  ) {
    return sized("image/gif", "GIF", b.readUInt16LE(6), b.readUInt16LE(8));
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return jpeg(b);
  if (b.length >= 16 && b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WEBP") {
    return webp(b);
  }
  return undefined;
}

function sized(
  mediaType: string,
  format: string,
  width: number | undefined,
  height: number | undefined,
): ImageInfo {
  return width !== undefined && height !== undefined
    ? { mediaType, format, width, height }
    : { mediaType, format };
}

function jpeg(b: Buffer): ImageInfo {
  let at = 2;
  while (at + 9 < b.length && b[at] === 0xff) {
    const marker = b[at + 1] ?? 0;
    const length = b.readUInt16BE(at + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return sized("image/jpeg", "JPEG", b.readUInt16BE(at + 7), b.readUInt16BE(at + 5));
    at += 2 + length;
  }
  return sized("image/jpeg", "JPEG", undefined, undefined);
}

function webp(b: Buffer): ImageInfo {
  const chunk = b.toString("latin1", 12, 16);
  if (chunk === "VP8 " && b.length >= 30) {
    return sized("image/webp", "WebP", b.readUInt16LE(26) & 0x3fff, b.readUInt16LE(28) & 0x3fff);
  }
  if (chunk === "VP8L" && b.length >= 25) {
    const bits = b.readUInt32LE(21);
    return sized("image/webp", "WebP", (bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (chunk === "VP8X" && b.length >= 30) {
    return sized("image/webp", "WebP", b.readUIntLE(24, 3) + 1, b.readUIntLE(27, 3) + 1);
  }
  return sized("image/webp", "WebP", undefined, undefined);
}
