/** Non-fatal, BOM kept: the WHATWG decoder replaces each maximal invalid subpart with one U+FFFD. */
const LOSSY = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * Bytes as Rust's `String::from_utf8_lossy` reads them: valid UTF-8 as it is
 * (a BOM stays as U+FEFF), each maximal invalid subpart, wherever it is, as
 * one U+FFFD.
 */
export function utf8Lossy(bytes: Uint8Array): string {
  return LOSSY.decode(bytes);
}

/** Strict UTF-8, BOM kept as U+FEFF (Rust's `read_to_string`); `undefined` for bytes that are not UTF-8. */
export function utf8Strict(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
