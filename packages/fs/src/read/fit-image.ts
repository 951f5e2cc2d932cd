import type { ImageInfo } from "./image.js";

/** The strictest single-image ceilings among the providers: Anthropic's 8000 px a side. */
export const MAX_IMAGE_SIDE = 8000;
/** Anthropic's 5 MB per image, counted on the base64 text (5,242,880 characters). */
export const MAX_IMAGE_BASE64_CHARS = 5 * 1024 * 1024;

/** An image as it will be sent. */
export interface FittedImage {
  readonly bytes: Uint8Array;
  readonly mediaType: string;
  readonly format: string;
  readonly width: number;
  readonly height: number;
  /** False when the original already fitted and is sent unchanged. */
  readonly resized: boolean;
}

const base64Chars = (n: number) => Math.ceil(n / 3) * 4;

/**
 * Fits an image within MAX_IMAGE_SIDE pixels a side and MAX_IMAGE_BASE64_CHARS
 * of base64, keeping its aspect ratio. PNG and GIF (screenshots, line art) are
 * re-encoded as PNG, JPEG as JPEG, WebP as WebP; each try that is still too
 * large shrinks the sides by the square root of the overshoot, with a margin.
 */
export async function fitImage(bytes: Uint8Array, o: ImageInfo): Promise<FittedImage> {
  const fits = (w: number, h: number) =>
    Math.max(w, h) <= MAX_IMAGE_SIDE && base64Chars(bytes.length) <= MAX_IMAGE_BASE64_CHARS;
  const { mediaType } = o;
  // The sniffed header is enough to send a small image as it is, without decoding it.
  if (o.width !== undefined && o.height !== undefined && fits(o.width, o.height)) {
    return { bytes, mediaType, format: o.format, width: o.width, height: o.height, resized: false };
  }
  // Loaded on first use: the native module costs start-up time a text-only session never needs.
  const { default: sharp } = await import("sharp");
  const meta = await sharp(bytes, { animated: false, limitInputPixels: false }).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (fits(width, height)) return { bytes, mediaType, format: o.format, width, height, resized: false };
  const out = o.format === "JPEG" ? "JPEG" : o.format === "WebP" ? "WebP" : "PNG";
  let scale = Math.min(1, MAX_IMAGE_SIDE / Math.max(width, height));
  for (let attempt = 0; attempt < 8; attempt++) {
    const w = Math.max(1, Math.round(width * scale));
    const h = Math.max(1, Math.round(height * scale));
    const pipeline = sharp(bytes, { animated: false, limitInputPixels: false }).resize(w, h, { fit: "fill" });
    const encoded =
      out === "JPEG"
        ? pipeline.jpeg({ quality: 85, mozjpeg: false })
        : out === "WebP"
          ? pipeline.webp({ quality: 85 })
          : pipeline.png({ compressionLevel: 6, adaptiveFiltering: false });
    const data = await encoded.toBuffer();
    const chars = base64Chars(data.length);
    if (chars <= MAX_IMAGE_BASE64_CHARS) {
      return {
        bytes: data,
        mediaType: `image/${out.toLowerCase()}`,
        format: out,
        width: w,
        height: h,
        resized: true,
      };
    }
    scale *= Math.sqrt(MAX_IMAGE_BASE64_CHARS / chars) * 0.9;
  }
  throw new Error(`could not fit the image within ${MAX_IMAGE_BASE64_CHARS} base64 characters`);
}
