import { integerAtLeast } from "../shared/options.js";

/** The smallest budget accepted: room for the marker and some text on each side. */
export const MIN_OUTPUT_BYTES = 256;

/** What `limitText` kept and cut. */
export interface LimitedText {
  /** The text within the budget: head, marker, tail (or the input when it fits). */
  readonly text: string;
  /** UTF-8 bytes of the input. */
  readonly totalBytes: number;
  /** UTF-8 bytes left out of the middle; 0 when the input fits. */
  readonly cutBytes: number;
}

/** The marker put where the middle was cut. */
export function cutMarker(cutBytes: number, totalBytes: number): string {
  return `\n[... ${cutBytes} of ${totalBytes} bytes cut from the middle ...]\n`;
}

/**
 * Keeps the head and the tail of a text within `maxBytes` UTF-8 bytes, the
 * marker included. Cuts fall on character boundaries, so no character is
 * split; the head gets the larger half. Pure. Throws a TypeError when `maxBytes` is not an integer of at least 256.
 *
 * @example
 * limitText("a".repeat(1000), { maxBytes: 256 }).cutBytes; // 800
 */
export function limitText(text: string, { maxBytes }: { maxBytes: number }): LimitedText {
  integerAtLeast("limitText", "maxBytes", maxBytes, MIN_OUTPUT_BYTES);
  const bytes = Buffer.from(text, "utf8");
  const totalBytes = bytes.length;
  if (totalBytes <= maxBytes) return { text, totalBytes, cutBytes: 0 };
  // The marker's numbers never have more digits than the total, so this bound holds for the real marker.
  const widest = String(totalBytes).replace(/./g, "9");
  const keep = maxBytes - cutMarker(Number(widest), Number(widest)).length;
  let head = Math.ceil(keep / 2);
  let tail = totalBytes - (keep - head);
  while (head > 0 && isContinuation(bytes[head])) head--;
  while (tail < totalBytes && isContinuation(bytes[tail])) tail++;
  const cutBytes = tail - head;
  return {
    text: `${bytes.toString("utf8", 0, head)}${cutMarker(cutBytes, totalBytes)}${bytes.toString("utf8", tail)}`,
    totalBytes,
    cutBytes,
  };
}

function isContinuation(byte: number | undefined): boolean {
  return byte !== undefined && (byte & 0xc0) === 0x80;
}
