import type { HeadTailSlice } from "./head-tail.js";
import type { SpillState } from "./stream-capture.js";

/** What to render: the held bytes of one stream and where the whole stream went. */
export interface RenderCaptureOptions {
  slice: HeadTailSlice;
  /** The stream's name in the marker, e.g. `stdout`. */
  label: string;
  spill?: SpillState | undefined;
}

/**
 * The text of a captured stream: the head, then (when bytes were left out) a
 * marker saying how many and where the whole output was saved, then the tail.
 * Multi-byte characters cut by the gap are dropped (and counted), never mangled.
 *
 * @example
 * // "first...\n[... 1048576 bytes left out; full stdout saved to /tmp/toolkit-x/shell-1-stdout.log ...]\n...last"
 */
export function renderCapture({ slice, label, spill }: RenderCaptureOptions): string {
  if (slice.omitted === 0) return Buffer.concat([slice.head, slice.tail]).toString("utf8");
  const headEnd = completeEnd(slice.head);
  const tailStart = continuationLength(slice.tail);
  const omitted = slice.omitted + (slice.head.length - headEnd) + tailStart;
  const where = spill?.path
    ? spill.cappedAt === undefined
      ? `full ${label} saved to ${spill.path}`
      : `only the first ${spill.cappedAt} bytes of ${label} saved to ${spill.path} (the spill file cap)`
    : `the full ${label} could not be saved${spill?.error ? ` (${spill.error})` : ""}`;
  const head = slice.head.subarray(0, headEnd).toString("utf8");
  const tail = slice.tail.subarray(tailStart).toString("utf8");
  return `${head}${head === "" || head.endsWith("\n") ? "" : "\n"}[... ${omitted} bytes left out; ${where} ...]\n${tail}`;
}

/** The length of `bytes` without a multi-byte character cut off at its end. */
function completeEnd(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(4, bytes.length); back++) {
    const byte = bytes[bytes.length - back] as number;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: look further back
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return need > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}

/** How many continuation bytes (the rest of a cut character) start `bytes`. */
function continuationLength(bytes: Buffer): number {
  let i = 0;
  while (i < Math.min(3, bytes.length) && ((bytes[i] as number) & 0xc0) === 0x80) i++;
  return i;
}
