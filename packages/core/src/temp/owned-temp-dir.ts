import { mkdtempSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { markTempDir, markTempDirSync } from "./owner-marker.js";
import { sweepStaleTemp } from "./sweep-stale-temp.js";

/** Options of `createOwnedTempDir`. */
export interface OwnedTempDirOptions {
  /** The folder's name starts with this (`toolkit-` is added in front when missing). @default "toolkit-" */
  prefix?: string;
}

let swept = false;

/**
 * Creates a fresh folder in `os.tmpdir()` (mode 0700) carrying this
 * process's owner marker, so that `sweepStaleTemp` removes it if the process
 * dies before removing it itself. The caller still removes it when done.
 *
 * @example
 * const dir = await createOwnedTempDir({ prefix: "toolkit-proxy-" });
 */
export async function createOwnedTempDir(options: OwnedTempDirOptions = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefixOf(options)));
  await markTempDir(dir);
  sweepOnceSoon(dir);
  return dir;
}

/** `createOwnedTempDir`, synchronously. */
export function createOwnedTempDirSync(options: OwnedTempDirOptions = {}): string {
  const dir = mkdtempSync(join(tmpdir(), prefixOf(options)));
  markTempDirSync(dir);
  sweepOnceSoon(dir);
  return dir;
}

/**
 * The first time this process made a marked folder in `os.tmpdir()`, the
 * folders earlier processes left there are swept: once, after the current
 * call has moved on (a timer that does not keep the process alive), and
 * with every error swallowed, so that no call waits for it or fails by it.
 * Folders elsewhere (a host's own `tempDir`) are swept only on demand.
 */
export function sweepOnceSoon(created: string): void {
  if (swept || resolve(dirname(created)) !== resolve(tmpdir())) return;
  swept = true;
  setTimeout(() => {
    sweepStaleTemp().catch(() => undefined);
  }, 0).unref();
}

function prefixOf(options: OwnedTempDirOptions): string {
  const { prefix = "toolkit-" } = options;
  if (typeof prefix !== "string" || prefix.includes("/") || prefix.includes("\0"))
    throw new TypeError(
      `createOwnedTempDir: \`prefix\` must be a name without "/", got ${JSON.stringify(prefix)}`,
    );
  return prefix.startsWith("toolkit-") ? prefix : `toolkit-${prefix}`;
}
