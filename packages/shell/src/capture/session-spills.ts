import { rm, rmdir } from "node:fs/promises";
import type { ToolContext } from "@toolkit/core";

/**
 * The spill files of one session, removed when the session ends, with the
 * session's temp directory when nothing else is left in it (a directory the
 * host filled with its own files stays).
 */
export class SessionSpills {
  readonly #paths = new Set<string>();
  readonly #tempDir: string;

  constructor(tempDir: string) {
    this.#tempDir = tempDir;
  }

  /** Remembers a spill file to remove at the end of the session. */
  add(path: string): void {
    this.#paths.add(path);
  }

  /** Removes every spill file, then the temp directory if it is empty. */
  async dispose(): Promise<void> {
    const paths = [...this.#paths];
    this.#paths.clear();
    await Promise.all(paths.map((path) => rm(path, { force: true })));
    await rmdir(this.#tempDir).catch(() => undefined);
  }
}

/**
 * The session's spill registry, created on first use and registered with
 * `ctx.onDispose`. Call it before registering anything that still writes
 * spill files (the job table), so that the files are removed after it ended.
 */
export function sessionSpills(
  ctx: Pick<ToolContext, "getOrCreateExtension" | "onDispose" | "tempDir">,
): SessionSpills {
  return ctx.getOrCreateExtension(SessionSpills, () => {
    const spills = new SessionSpills(ctx.tempDir);
    ctx.onDispose(() => spills.dispose());
    return spills;
  });
}
