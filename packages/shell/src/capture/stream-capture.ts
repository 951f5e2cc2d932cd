import { closeSync, openSync, writeSync } from "node:fs";
import { Writable } from "node:stream";
import { CrCollapser } from "./cr-collapser.js";
import { HeadTail, type HeadTailSlice } from "./head-tail.js";

/** Options for a StreamCapture. */
export interface StreamCaptureOptions {
  /** Bytes kept in memory: the first half and the last half of the (collapsed) stream. */
  maxBytes: number;
  /**
   * Returns the path of a new file for the whole output; called once, when
   * the stream first outgrows `maxBytes`.
   */
  spillPath: () => Promise<string>;
}

/** Where the whole output went once it outgrew the cap. */
export interface SpillState {
  /** The file holding every (collapsed) byte, when it could be written. */
  readonly path?: string;
  /** Why the file could not be written. */
  readonly error?: string;
}

/**
 * A writable sink for one output stream of a command: collapses carriage-return
 * progress, keeps the head and tail within `maxBytes`, and once the stream
 * outgrows the cap copies every byte to a spill file. The command can only
 * print as fast as the file takes it, so memory stays bounded however much
 * it prints.
 */
export class StreamCapture extends Writable {
  readonly #collapser = new CrCollapser();
  readonly #buffer: HeadTail;
  readonly #maxBytes: number;
  readonly #spillPath: () => Promise<string>;
  #fd: number | undefined;
  #spill: SpillState | undefined;

  constructor({ maxBytes, spillPath }: StreamCaptureOptions) {
    super({ decodeStrings: true });
    const headBytes = Math.floor(maxBytes / 2);
    this.#buffer = new HeadTail({ headBytes, tailBytes: maxBytes - headBytes });
    this.#maxBytes = maxBytes;
    this.#spillPath = spillPath;
  }

  /** Bytes captured so far (after collapsing progress). */
  get totalBytes(): number {
    return this.#buffer.total;
  }

  /** The spill file, once the stream outgrew the cap. */
  get spill(): SpillState | undefined {
    return this.#spill;
  }

  /** What is held from byte `offset` on. */
  since(offset = 0): HeadTailSlice {
    return this.#buffer.since(offset);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.#accept(this.#collapser.push(chunk)).then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.#accept(this.#collapser.end())
      .then(() => this.#closeFile())
      .then(() => callback(), callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#closeFile();
    callback(error);
  }

  async #accept(bytes: Buffer): Promise<void> {
    if (bytes.length === 0) return;
    if (this.#spill === undefined && this.#buffer.total + bytes.length > this.#maxBytes) {
      await this.#openFile();
    }
    this.#buffer.push(bytes);
    if (this.#fd !== undefined) this.#write(bytes);
  }

  async #openFile(): Promise<void> {
    try {
      const path = await this.#spillPath();
      this.#fd = openSync(path, "wx", 0o600);
      this.#spill = { path };
      const held = this.#buffer.since(0);
      this.#write(held.head);
      this.#write(held.tail);
    } catch (error) {
      this.#failFile(error);
    }
  }

  /**
   * Writes synchronously: each chunk is released as soon as it is on disk,
   * so a flood of output never piles up in memory waiting for the file.
   */
  #write(bytes: Buffer): void {
    if (this.#fd === undefined) return;
    try {
      for (let done = 0; done < bytes.length; ) done += writeSync(this.#fd, bytes, done);
    } catch (error) {
      this.#failFile(error);
    }
  }

  #failFile(error: unknown): void {
    const code = (error as { code?: string } | undefined)?.code;
    this.#spill = { error: code ?? (error instanceof Error ? error.message : String(error)) };
    this.#closeFile();
  }

  #closeFile(): void {
    const fd = this.#fd;
    this.#fd = undefined;
    if (fd !== undefined) closeSync(fd);
  }
}
