import { createHash } from "node:crypto";
import { ToolError, type ToolContext } from "@toolkit/core";

/** What the session last saw of a file. */
export interface FileRecord {
  /** SHA-256 (hex) of the bytes, when the file was small enough to hash. */
  readonly hash?: string;
  /** The source's change token (inode, size, mtime, ctime) at that moment. */
  readonly version: string;
}

/** SHA-256 of bytes, hex. */
export function hashBytes(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * The session's memory of what it has read and written, keyed by real path.
 * A write to an existing file is allowed only when the file was read (or
 * written) in this session and still has the bytes recorded then. One guard
 * per session: `StaleGuard.of(ctx)`.
 */
export class StaleGuard {
  readonly #records = new Map<string, FileRecord>();

  /** The session's guard, created on first use (a context extension). */
  static of(ctx: ToolContext): StaleGuard {
    return ctx.getOrCreateExtension(StaleGuard, () => new StaleGuard());
  }

  /** Records what was just read or written. */
  record(realPath: string, record: FileRecord): void {
    this.#records.set(realPath, record);
  }

  /** What was recorded for a path, if anything. */
  get(realPath: string): FileRecord | undefined {
    return this.#records.get(realPath);
  }

  /** Forgets a path. */
  forget(realPath: string): void {
    this.#records.delete(realPath);
  }

  /**
   * Rejects unless the file's current state matches the record: the hash when
   * one was recorded, else the change token. `shown` names the file for the model.
   */
  async assertFresh(
    realPath: string,
    shown: string,
    current: { version: string; bytes?: () => Promise<Uint8Array>; hash?: string },
  ): Promise<void> {
    const record = this.#records.get(realPath);
    if (!record) {
      throw ToolError.execution(
        `${shown} exists but has not been read in this session; nothing was written`,
        {
          advice: "Call Read on the file first, then retry the change.",
        },
      );
    }
    const same =
      record.hash !== undefined
        ? record.hash === (current.hash ?? (current.bytes ? hashBytes(await current.bytes()) : undefined))
        : record.version === current.version;
    if (!same) {
      throw ToolError.execution(
        `${shown} has changed since it was last read (another process or an editor wrote to it); nothing was written`,
        { advice: "Call Read on the file again, then redo the change against its current content." },
      );
    }
  }
}
