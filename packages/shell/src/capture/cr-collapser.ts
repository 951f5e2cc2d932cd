const LF = 0x0a;
const CR = 0x0d;

/** Options for a CrCollapser. */
export interface CrCollapserOptions {
  /** A line held longer than this is passed on as is, so memory stays bounded. @default 65536 */
  maxLineBytes?: number;
}

/**
 * Collapses carriage-return progress: text after a `\r` on the same line
 * replaces what came before it, so `10%\r20%\r100%\n` becomes `100%\n`, and
 * `\r\n` becomes `\n`. Works on a stream in chunks, holding back only the
 * unfinished last line (at most `maxLineBytes`). No I/O.
 *
 * @example
 * const c = new CrCollapser();
 * Buffer.concat([c.push(Buffer.from("1%\r50%")), c.push(Buffer.from("\r100%\n")), c.end()]); // "100%\n"
 */
export class CrCollapser {
  readonly #maxLineBytes: number;
  #line: Buffer[] = [];
  #lineBytes = 0;
  #afterCr = false;

  constructor({ maxLineBytes = 65_536 }: CrCollapserOptions = {}) {
    this.#maxLineBytes = maxLineBytes;
  }

  /** Takes the next chunk and returns the collapsed bytes that are final. */
  push(chunk: Buffer): Buffer {
    const out: Buffer[] = [];
    if (!this.#afterCr && chunk.indexOf(CR) === -1) this.#plain(chunk, out);
    else this.#withCr(chunk, out);
    if (this.#lineBytes > this.#maxLineBytes) {
      out.push(...this.#line);
      this.#clearLine();
    }
    return out.length === 1 ? (out[0] as Buffer) : Buffer.concat(out);
  }

  /** The unfinished last line, at the end of the stream. */
  end(): Buffer {
    const rest = Buffer.concat(this.#line);
    this.#clearLine();
    this.#afterCr = false;
    return rest;
  }

  /** A chunk with no CR: everything up to its last newline is final. */
  #plain(chunk: Buffer, out: Buffer[]): void {
    const lastLf = chunk.lastIndexOf(LF);
    if (lastLf === -1) {
      this.#append(chunk);
      return;
    }
    out.push(...this.#line, chunk.subarray(0, lastLf + 1));
    this.#clearLine();
    this.#append(chunk.subarray(lastLf + 1));
  }

  #withCr(chunk: Buffer, out: Buffer[]): void {
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte === LF) {
        this.#append(chunk.subarray(start, i + 1));
        out.push(...this.#line);
        this.#clearLine();
        this.#afterCr = false;
        start = i + 1;
      } else if (byte === CR) {
        this.#append(chunk.subarray(start, i));
        this.#afterCr = true;
        start = i + 1;
      } else if (this.#afterCr) {
        this.#clearLine();
        this.#afterCr = false;
      }
    }
    this.#append(chunk.subarray(start));
  }

  #append(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.#line.push(bytes);
    this.#lineBytes += bytes.length;
  }

  #clearLine(): void {
    this.#line = [];
    this.#lineBytes = 0;
  }
}
