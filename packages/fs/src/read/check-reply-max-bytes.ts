/** Room kept in a Read or FileViewer reply for the header and notes around the lines. */
export const NOTE_BYTES = 256;

/** Smallest `maxBytes` accepted: the lines need room beside the `NOTE_BYTES` kept for notes. */
const MIN_REPLY_BYTES = 1024;

/**
 * Checks the `maxBytes` option of a tool whose reply is numbered lines plus a
 * note (Read, FileViewer): throws a TypeError when it is under 1024.
 *
 * @example
 * checkReplyMaxBytes(256 * 1024);
 */
export function checkReplyMaxBytes(maxBytes: number): void {
  if (maxBytes < MIN_REPLY_BYTES) {
    throw new TypeError(`\`maxBytes\` must be at least ${MIN_REPLY_BYTES}, got ${maxBytes}`);
  }
}
