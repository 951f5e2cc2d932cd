import { randomBytes } from "node:crypto";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import type { Checkpoint } from "./checkpoint.js";

const VERSION = 1;

/**
 * Reads the checkpoint list kept beside the shadow repository. A missing
 * file is an empty list; a file this version does not understand is refused
 * with an error naming the file and what it held.
 */
export async function readMetadata(file: string): Promise<Checkpoint[]> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`checkpoint metadata ${file} is not JSON`, { cause: error });
  }
  if (
    typeof parsed !== "object" ||
    parsed === null ||
    (parsed as { version?: unknown }).version !== VERSION ||
    !Array.isArray((parsed as { checkpoints?: unknown }).checkpoints)
  ) {
    throw new Error(
      `checkpoint metadata ${file}: expected { version: ${VERSION}, checkpoints: [...] }, got ${text.slice(0, 80)}`,
    );
  }
  return (parsed as { checkpoints: Checkpoint[] }).checkpoints;
}

/** Replaces the list atomically: a reader sees the old list or the new one, never half of one. */
export async function writeMetadata(file: string, checkpoints: readonly Checkpoint[]): Promise<void> {
  const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(temp, `${JSON.stringify({ version: VERSION, checkpoints })}\n`, { mode: 0o600 });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
