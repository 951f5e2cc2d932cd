import type { TextEncoding } from "../text/text-codec.js";

/** A place in a file where a line starts. */
export interface Checkpoint {
  /** Byte offset of the line's first byte (just after a `\n`). */
  readonly offset: number;
  /** The line's 1-based number. */
  readonly line: number;
}

/** Most checkpoints kept for one file: past it, every other one is dropped and the spacing doubles. */
export const MAX_CHECKPOINTS = 4096;

/**
 * The sparse line index of one version of one UTF-8 file: line starts at
 * least `spacing` bytes apart, in order, so a later Read of line N starts
 * reading at most `spacing` bytes before it instead of at the top.
 */
export class FileLineIndex {
  readonly encoding: TextEncoding;
  #spacing: number;
  #offsets: number[] = [];
  #lines: number[] = [];

  constructor(encoding: TextEncoding, spacing: number) {
    this.encoding = encoding;
    this.#spacing = spacing;
  }

  /** Checkpoints held. */
  get size(): number {
    return this.#offsets.length;
  }

  /** Offset of the last checkpoint (0 when there is none). */
  get lastOffset(): number {
    return this.#offsets.at(-1) ?? 0;
  }

  /** Whether a line start at `offset` is far enough past the last checkpoint to be kept. */
  wants(offset: number): boolean {
    return offset - this.lastOffset >= this.#spacing;
  }

  /** Records that line `line` starts at `offset` (ignored unless past the last checkpoint by the spacing). */
  add(offset: number, line: number): void {
    if (!this.wants(offset) || line <= (this.#lines.at(-1) ?? 1)) return;
    this.#offsets.push(offset);
    this.#lines.push(line);
    if (this.#offsets.length > MAX_CHECKPOINTS) {
      this.#offsets = this.#offsets.filter((_, i) => i % 2 === 1);
      this.#lines = this.#lines.filter((_, i) => i % 2 === 1);
      this.#spacing *= 2;
    }
  }

  /** The last checkpoint at or before line `line`, or undefined when there is none (start at the top). */
  before(line: number): Checkpoint | undefined {
    let lo = 0;
    let hi = this.#lines.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.#lines[mid] ?? 0) <= line) lo = mid + 1;
      else hi = mid;
    }
    if (lo === 0) return undefined;
    return { offset: this.#offsets[lo - 1] ?? 0, line: this.#lines[lo - 1] ?? 1 };
  }
}

/**
 * Line indexes of recently read large files, least recently used dropped
 * first. Keyed by the opened file's `FileStat.version` (device, inode, size,
 * mtime and ctime of the descriptor that was opened and checked), never by its
 * path: any change to the file makes a new key, and another file never
 * matches. Memory stays under `maxFiles` × `MAX_CHECKPOINTS` checkpoints.
 */
export class LineIndexCache {
  readonly #maxFiles: number;
  readonly #files = new Map<string, FileLineIndex>();

  constructor(maxFiles = 32) {
    this.#maxFiles = maxFiles;
  }

  /** The index of this version of a file, if one was built. */
  get(version: string): FileLineIndex | undefined {
    const index = this.#files.get(version);
    if (index) {
      this.#files.delete(version);
      this.#files.set(version, index);
    }
    return index;
  }

  /** A new, empty index for this version of a file (replacing any other). */
  create(version: string, encoding: TextEncoding, spacing: number): FileLineIndex {
    const index = new FileLineIndex(encoding, spacing);
    this.#files.delete(version);
    this.#files.set(version, index);
    while (this.#files.size > this.#maxFiles) {
      const oldest = this.#files.keys().next().value;
      if (oldest === undefined) break;
      this.#files.delete(oldest);
    }
    return index;
  }

  /** Forgets one file's index (its bytes did not match it). */
  delete(version: string): void {
    this.#files.delete(version);
  }

  /** Files held. */
  get size(): number {
    return this.#files.size;
  }
}

const caches = new WeakMap<object, LineIndexCache>();

/**
 * The line index cache of one file source (versions are only unique within a
 * source: the memory source numbers its writes), made on first use.
 */
export function lineIndexCacheOf(source: object): LineIndexCache {
  let cache = caches.get(source);
  if (!cache) {
    cache = new LineIndexCache();
    caches.set(source, cache);
  }
  return cache;
}
