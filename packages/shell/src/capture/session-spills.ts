import { rmSync } from "node:fs";
import { rm } from "node:fs/promises";
import { releaseTempDir, releaseTempDirSync, type ToolContext } from "@toolkit/core";

/** Registries of sessions not yet disposed: their files are removed if the process exits first. */
const undisposed = new Set<SessionSpills>();
let exitInstalled = false;

/**
 * The spill files of one session, removed when the session ends, with the
 * session's temp directory when nothing else is left in it (a directory the
 * host filled with its own files stays). If the Node process exits before
 * the session is disposed (`process.exit` in a server's shutdown), they are
 * removed synchronously on exit.
 */
export class SessionSpills {
  readonly #paths = new Set<string>();
  readonly #tempDir: string;

  constructor(tempDir: string) {
    this.#tempDir = tempDir;
    if (!exitInstalled) {
      exitInstalled = true;
      process.once("exit", () => {
        for (const spills of undisposed) spills.#removeNow();
      });
    }
    undisposed.add(this);
  }

  /** Remembers a spill file to remove at the end of the session. */
  add(path: string): void {
    this.#paths.add(path);
  }

  /** Removes every spill file, then the temp directory if it is empty. */
  async dispose(): Promise<void> {
    undisposed.delete(this);
    const paths = [...this.#paths];
    this.#paths.clear();
    await Promise.all(paths.map((path) => rm(path, { force: true })));
    // Empty but for the owner marker (see core's sweepStaleTemp): then it goes too.
    await releaseTempDir(this.#tempDir);
  }

  #removeNow(): void {
    for (const path of this.#paths) rmSync(path, { force: true });
    this.#paths.clear();
    releaseTempDirSync(this.#tempDir);
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
