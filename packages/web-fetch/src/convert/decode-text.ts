const META_CHARSET = /<meta[^>]+charset\s*=\s*["']?\s*([\w:.-]+)/i;

/** The `charset` parameter of a Content-Type, lowercase, or undefined. */
export function charsetOf(contentType: string): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType);
  return match?.[1]?.toLowerCase();
}

/**
 * Decodes bytes as text: a byte-order mark first, then the Content-Type's
 * charset, then (for HTML) a `<meta charset>` in the first 2 KiB, then UTF-8.
 * An unknown charset label falls back to UTF-8; invalid bytes become U+FFFD.
 */
export function decodeText(bytes: Uint8Array, contentType: string, { html = false } = {}): string {
  let label = bomCharset(bytes) ?? charsetOf(contentType);
  if (label === undefined && html) {
    const head = new TextDecoder("latin1").decode(bytes.subarray(0, 2048));
    label = META_CHARSET.exec(head)?.[1]?.toLowerCase();
  }
  try {
    return new TextDecoder(label ?? "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

function bomCharset(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  return undefined;
}
