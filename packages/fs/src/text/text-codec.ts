import { isUtf8 } from "node:buffer";

/** How a text file's bytes encode its characters. */
export type TextEncoding = "utf8" | "utf8-bom" | "utf16le" | "utf16be";

/** How many leading bytes decide whether a file is text. */
export const SNIFF_BYTES = 8192;

/** The byte-order mark length of an encoding. */
export function bomLength(encoding: TextEncoding): number {
  return encoding === "utf8-bom" ? 3 : encoding === "utf8" ? 0 : 2;
}

/**
 * Decides a file's encoding from its first bytes: a UTF-16 or UTF-8 BOM, or
 * plain UTF-8. `undefined` means binary: a NUL byte, or bytes that are not
 * UTF-8 (a multi-byte character cut by the end of the sample is allowed).
 */
export function sniffEncoding(head: Uint8Array): TextEncoding | undefined {
  if (head[0] === 0xff && head[1] === 0xfe) return "utf16le";
  if (head[0] === 0xfe && head[1] === 0xff) return "utf16be";
  const bom = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf;
  const sample = head.subarray(bom ? 3 : 0, SNIFF_BYTES);
  if (sample.includes(0)) return undefined;
  return isUtf8(sample.subarray(0, completeEnd(sample))) ? (bom ? "utf8-bom" : "utf8") : undefined;
}

/** Where a UTF-8 sample ends once a character cut off by the sample's end is dropped. */
function completeEnd(b: Uint8Array): number {
  for (let i = b.length - 1; i >= Math.max(0, b.length - 3); i--) {
    const c = b[i] ?? 0;
    if ((c & 0xc0) === 0x80) continue;
    const need = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    return i + need > b.length ? i : b.length;
  }
  return b.length;
}

/**
 * Decodes a whole file. `undefined` when the bytes are not valid text in the
 * sniffed encoding (never a string with replacement characters).
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncoding } | undefined {
  const encoding = sniffEncoding(bytes.subarray(0, SNIFF_BYTES));
  if (encoding === undefined) return undefined;
  const body = bytes.subarray(bomLength(encoding));
  if (encoding === "utf8" || encoding === "utf8-bom") {
    if (!isUtf8(body)) return undefined;
    return { text: Buffer.from(body.buffer, body.byteOffset, body.length).toString("utf8"), encoding };
  }
  if (body.length % 2 !== 0) return undefined;
  try {
    const text = new TextDecoder(encoding === "utf16le" ? "utf-16le" : "utf-16be", { fatal: true }).decode(
      body,
    );
    return { text, encoding };
  } catch {
    return undefined;
  }
}

/** Encodes text back into the file's encoding, BOM included. */
export function encodeText(text: string, encoding: TextEncoding): Uint8Array {
  if (encoding === "utf8") return Buffer.from(text, "utf8");
  if (encoding === "utf8-bom")
    return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, "utf8")]);
  const le = Buffer.from(text, "utf16le");
  if (encoding === "utf16le") return Buffer.concat([Buffer.from([0xff, 0xfe]), le]);
  le.swap16();
  return Buffer.concat([Buffer.from([0xfe, 0xff]), le]);
}

/** A streaming decoder that turns UTF-16 chunks into UTF-8 bytes (other encodings pass through). */
export function toUtf8Chunks(encoding: TextEncoding): (chunk: Uint8Array, last: boolean) => Uint8Array {
  if (encoding === "utf8" || encoding === "utf8-bom") return (chunk) => chunk;
  const decoder = new TextDecoder(encoding === "utf16le" ? "utf-16le" : "utf-16be");
  return (chunk, last) => Buffer.from(decoder.decode(chunk, { stream: !last }), "utf8");
}
