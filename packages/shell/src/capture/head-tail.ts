const EMPTY = Buffer.alloc(0);

/** Options for a HeadTail buffer. */
export interface HeadTailOptions {
  /** Bytes kept from the start. */
  headBytes: number;
  /** Bytes kept from the end. */
  tailBytes: number;
}

/** What a HeadTail holds for a range: bytes before the gap, how many are missing, bytes after. */
export interface HeadTailSlice {
  readonly head: Buffer;
  /** Bytes of the range that are no longer held. */
  readonly omitted: number;
  readonly tail: Buffer;
}

/**
 * Keeps the first `headBytes` and the last `tailBytes` of a stream in fixed
 * memory, however long the stream is. Until the stream outgrows both, it
 * holds every byte. No I/O.
 */
export class HeadTail {
  readonly #headBytes: number;
  readonly #tailBytes: number;
  // Allocated on first use: a command that prints nothing costs nothing.
  #head: Buffer = EMPTY;
  #headLength = 0;
  #ring: Buffer = EMPTY;
  #ringEnd = 0;
  #ringLength = 0;
  #total = 0;

  constructor({ headBytes, tailBytes }: HeadTailOptions) {
    this.#headBytes = Math.max(0, headBytes);
    this.#tailBytes = Math.max(0, tailBytes);
  }

  /** Bytes seen so far. */
  get total(): number {
    return this.#total;
  }

  /** True once some bytes are no longer held. */
  get overflowed(): boolean {
    return this.#total > this.#headLength + this.#ringLength;
  }

  push(bytes: Buffer): void {
    this.#total += bytes.length;
    if (this.#head === EMPTY && this.#headBytes > 0) this.#head = Buffer.allocUnsafe(this.#headBytes);
    const intoHead = Math.min(bytes.length, this.#headBytes - this.#headLength);
    if (intoHead > 0) {
      bytes.copy(this.#head, this.#headLength, 0, intoHead);
      this.#headLength += intoHead;
    }
    if (intoHead < bytes.length) this.#pushRing(bytes.subarray(intoHead));
  }

  /** Everything from byte `offset` to the end that is still held, and how much of it is not. */
  since(offset = 0): HeadTailSlice {
    const from = Math.max(0, Math.min(offset, this.#total));
    const head = from < this.#headLength ? this.#head.subarray(from, this.#headLength) : EMPTY;
    const ringStart = this.#total - this.#ringLength;
    const tailFrom = Math.max(from, ringStart);
    const tail = this.#ringSlice(tailFrom - ringStart);
    const omitted = this.#total - from - head.length - tail.length;
    return { head: Buffer.from(head), omitted, tail };
  }

  #pushRing(bytes: Buffer): void {
    const size = this.#tailBytes;
    if (size === 0) return;
    if (this.#ring === EMPTY) this.#ring = Buffer.allocUnsafe(size);
    const src = bytes.length > size ? bytes.subarray(bytes.length - size) : bytes;
    const first = Math.min(src.length, size - this.#ringEnd);
    src.copy(this.#ring, this.#ringEnd, 0, first);
    src.copy(this.#ring, 0, first);
    this.#ringEnd = (this.#ringEnd + src.length) % size;
    this.#ringLength = Math.min(size, this.#ringLength + src.length);
  }

  /** The held tail from `skip` bytes after its start, in stream order. */
  #ringSlice(skip: number): Buffer {
    const length = this.#ringLength - skip;
    if (length <= 0) return EMPTY;
    const size = this.#tailBytes;
    const start = (this.#ringEnd - length + size) % size;
    if (start + length <= size) return Buffer.from(this.#ring.subarray(start, start + length));
    return Buffer.concat([this.#ring.subarray(start), this.#ring.subarray(0, (start + length) % size)]);
  }
}
