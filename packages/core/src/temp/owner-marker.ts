import { mkdirSync, readdirSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import { mkdir, readdir, rm, rmdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { currentOwner, type ProcessOwner } from "./process-owner.js";

/** Every owner marker's name starts with this; the rest is `<pid>-<start>-<ns>`. */
export const OWNER_MARKER_PREFIX = ".toolkit-owner-";

/** Folders this process marked and has not released: on exit, each one left empty but for its marker goes. */
const marked = new Set<string>();
let exitInstalled = false;

const MARKER = /^\.toolkit-owner-(\d{1,10})-(m?\d{1,20})-(\d{1,20}|host)$/;

/** The marker file name of an owner (pure). */
export function ownerMarkerName(owner: ProcessOwner): string {
  return `${OWNER_MARKER_PREFIX}${owner.pid}-${owner.start}-${owner.ns}`;
}

/** The owner a marker file name names, or `undefined` for any other name (pure). */
export function parseOwnerMarker(name: string): ProcessOwner | undefined {
  const match = MARKER.exec(name);
  if (match === null) return undefined;
  const [, pid = "", start = "", ns = ""] = match;
  return { pid: Number(pid), start, ns };
}

/**
 * Creates `dir` (mode 0700, parents too) and marks it as this process's: an
 * empty file named for the owner. A folder may hold several markers (two
 * processes sharing one temp dir); it is stale only when every one is gone.
 * Returns the marker's path.
 */
export async function markTempDir(dir: string): Promise<string> {
  const marker = join(dir, ownerMarkerName(currentOwner()));
  // A sweep of another process may remove the folder between the two steps: then again, once.
  for (let attempt = 0; ; attempt++) {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    try {
      await writeFile(marker, "", { mode: 0o600 });
      remember(dir);
      return marker;
    } catch (error) {
      if (attempt > 0 || !isMissing(error)) throw error;
    }
  }
}

/** `markTempDir`, synchronously (for the few places that create folders synchronously). */
export function markTempDirSync(dir: string): string {
  const marker = join(dir, ownerMarkerName(currentOwner()));
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(marker, "", { mode: 0o600 });
  remember(dir);
  return marker;
}

/**
 * Removes a marked folder if nothing but this process's marker is left in
 * it; otherwise keeps the marker, so that what is left is swept once the
 * process is gone. For code that empties a folder it shares with the
 * marker (spill files removed on exit) where it would `rmdir`.
 */
export async function releaseTempDir(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => undefined);
  if (names === undefined || !onlyOwnMarker(names)) return;
  marked.delete(dir);
  await rm(join(dir, ownerMarkerName(currentOwner())), { force: true });
  await rmdir(dir).catch(() => undefined);
}

/** `releaseTempDir`, synchronously (for an `exit` listener). */
export function releaseTempDirSync(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  if (!onlyOwnMarker(names)) return;
  marked.delete(dir);
  try {
    rmSync(join(dir, ownerMarkerName(currentOwner())), { force: true });
    rmdirSync(dir);
  } catch {
    // another file arrived, or the folder is gone
  }
}

function onlyOwnMarker(names: readonly string[]): boolean {
  return names.every((name) => name === ownerMarkerName(currentOwner()));
}

function remember(dir: string): void {
  marked.add(dir);
  if (exitInstalled) return;
  exitInstalled = true;
  // Listening to "exit" changes nothing about how the process ends.
  process.once("exit", () => {
    for (const folder of [...marked]) releaseTempDirSync(folder);
  });
}

function isMissing(error: unknown): boolean {
  return typeof error === "object" && error !== null && Reflect.get(error, "code") === "ENOENT";
}
