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
  /** The most bytes written to the spill file; later output is only counted. @default 64 MiB */
  maxSpillBytes?: number;
}

/** The default cap of a spill file: 64 MiB. */
export const DEFAULT_MAX_SPILL_BYTES = 64 * 1024 * 1024;

/** Where the whole output went once it outgrew the cap. */
export interface SpillState {
  /** The file holding every (collapsed) byte, when it could be written. */
  readonly path?: string;
  /** Why the file could not be written. */
  readonly error?: string;
  /** Set when the stream outgrew the spill cap: the file holds only its first `cappedAt` bytes. */
  readonly cappedAt?: number;
}

/**
 * A writable sink for one output stream of a command: collapses carriage-return
 * progress, keeps the head and tail within `maxBytes`, and once the stream
 * outgrows the cap copies every byte to a spill file, up to `maxSpillBytes`
 * (later bytes are counted, and the tail still kept). The command can only
 * print as fast as the file takes it, so memory and disk stay bounded
 * however much it prints.
 */
export class StreamCapture extends Writable {
  readonly #collapser = new CrCollapser();
  readonly #buffer: HeadTail;
  readonly #maxBytes: number;
  readonly #spillPath: () => Promise<string>;
  readonly #maxSpillBytes: number;
  #fd: number | undefined;
  #spill: SpillState | undefined;
  #spilled = 0;

  constructor({ maxBytes, spillPath, maxSpillBytes = DEFAULT_MAX_SPILL_BYTES }: StreamCaptureOptions) {
    super({ decodeStrings: true });
    const headBytes = Math.floor(maxBytes / 2);
    this.#buffer = new HeadTail({ headBytes, tailBytes: maxBytes - headBytes });
    this.#maxBytes = maxBytes;
    this.#spillPath = spillPath;
    this.#maxSpillBytes = maxSpillBytes;
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
    const room = this.#maxSpillBytes - this.#spilled;
    const part = bytes.length > room ? bytes.subarray(0, room) : bytes;
    try {
      for (let done = 0; done < part.length; ) done += writeSync(this.#fd, part, done);
      this.#spilled += part.length;
    } catch (error) {
      this.#failFile(error);
      return;
    }
    if (part.length < bytes.length) {
      // The file is full: keep the first bytes on disk, the tail in memory, and count the rest.
      this.#spill = { ...this.#spill, cappedAt: this.#spilled };
      this.#closeFile();
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
