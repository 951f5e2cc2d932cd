/** A JSON-RPC request id, or null when it cannot be told. */
export type RequestId = string | number | null;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MAX_ID_BYTES = 1024;

/**
 * Finds the top-level `"id"` of a JSON-RPC message as its bytes stream past,
 * keeping only the id itself: for answering a message too large to parse
 * (the SDK's client writes `id` last). Linear; long strings are skipped with
 * `indexOf`. Never throws.
 */
export class RequestIdScanner {
  #depth = 0;
  #inString = false;
  #escape = false;
  /** A depth-1 string being read, while it may still be `"id"`. */
  #key: number[] | undefined;
  #lastKey: string | undefined;
  #awaitingId = false;
  #capture: number[] | undefined;
  #done = false;
  #id: RequestId = null;

  /** Reads the next bytes of the message. */
  push(bytes: Uint8Array): void {
    let i = 0;
    while (i < bytes.length && !this.#done) {
      if (this.#inString && this.#key === undefined && this.#capture === undefined && !this.#escape) {
        i = skipToQuoteOrBackslash(bytes, i);
        if (i >= bytes.length) return;
      }
      this.#byte(bytes[i] ?? 0);
      i++;
    }
  }

  /** The id, once the message has shown it whole; null until then (or when there is none). */
  result(): RequestId {
    return this.#id;
  }

  #byte(b: number): void {
    if (this.#capture !== undefined) {
      this.#captureByte(b);
      return;
    }
    if (this.#inString) {
      this.#stringByte(b);
      return;
    }
    if (b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d) return;
    if (this.#depth === 0) {
      if (b === 0x7b) this.#depth = 1;
      else this.#done = true;
      return;
    }
    if (this.#awaitingId) {
      this.#awaitingId = false;
      if (b === 0x7b || b === 0x5b) {
        this.#done = true;
        return;
      }
      this.#capture = [b];
      if (b === QUOTE) this.#inString = true;
      return;
    }
    const key = this.#lastKey;
    this.#lastKey = undefined;
    if (b === QUOTE) {
      this.#inString = true;
      this.#key = this.#depth === 1 ? [] : undefined;
    } else if (b === 0x3a) {
      if (this.#depth === 1 && key === "id") this.#awaitingId = true;
    } else if (b === 0x7b || b === 0x5b) {
      this.#depth++;
    } else if (b === 0x7d || b === 0x5d) {
      this.#depth--;
      if (this.#depth <= 0) this.#done = true;
    }
  }

  #stringByte(b: number): void {
    if (this.#escape) {
      this.#escape = false;
      this.#key = undefined;
      return;
    }
    if (b === BACKSLASH) {
      this.#escape = true;
      return;
    }
    if (b === QUOTE) {
      this.#inString = false;
      if (this.#key !== undefined) this.#lastKey = String.fromCharCode(...this.#key);
      this.#key = undefined;
      return;
    }
    if (this.#key !== undefined) {
      this.#key.push(b);
      if (this.#key.length > 2) this.#key = undefined;
    }
  }

  #captureByte(b: number): void {
    const capture = this.#capture ?? [];
    const isString = capture[0] === QUOTE;
    if (!isString && (b === 0x2c || b === 0x7d || b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d)) {
      this.#finish(capture);
      return;
    }
    capture.push(b);
    if (capture.length > MAX_ID_BYTES) {
      this.#done = true;
      return;
    }
    if (!isString) return;
    if (this.#escape) {
      this.#escape = false;
    } else if (b === BACKSLASH) {
      this.#escape = true;
    } else if (b === QUOTE && capture.length > 1) {
      this.#inString = false;
      this.#finish(capture);
    }
  }

  #finish(capture: number[]): void {
    this.#done = true;
    this.#capture = undefined;
    try {
      const value: unknown = JSON.parse(Buffer.from(capture).toString("utf8"));
      this.#id =
        typeof value === "string" || (typeof value === "number" && Number.isFinite(value)) ? value : null;
    } catch {
      this.#id = null;
    }
  }
}

/** The top-level `"id"` of a JSON-RPC message's text, or null when it holds none whole. */
export function findRequestId(text: string): RequestId {
  const scanner = new RequestIdScanner();
  scanner.push(Buffer.from(text, "utf8"));
  return scanner.result();
}

function skipToQuoteOrBackslash(bytes: Uint8Array, from: number): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const quote = buffer.indexOf(QUOTE, from);
  const backslash = buffer.indexOf(BACKSLASH, from);
  if (quote < 0 && backslash < 0) return bytes.length;
  if (quote < 0) return backslash;
  if (backslash < 0) return quote;
  return Math.min(quote, backslash);
}
