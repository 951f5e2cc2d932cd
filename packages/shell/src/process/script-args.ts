import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createOwnedTempDirSync, markTempDirSync } from "@toolkit/core";

/**
 * The longest command passed as one `-c` argument. Linux refuses a single
 * argument over 128 KiB (`E2BIG`), and the whole of argv and the environment
 * share a limit too; longer commands go in a file.
 */
export const MAX_ARG_BYTES = 64 * 1024;

/** Options for `scriptArgs`. */
export interface ScriptArgsOptions {
  command: string;
  /** Where a long script is written (created with mode 0700 and marked as this process's if needed). @default a new directory under os.tmpdir() */
  tempDir?: string | undefined;
  /** @default MAX_ARG_BYTES */
  maxArgBytes?: number;
}

/** The shell's arguments, and what to remove once the shell has exited. */
export interface ScriptArgs {
  readonly args: string[];
  /** Removes the script file, if one was written; safe to call twice. */
  cleanup(): void;
}

/**
 * `-c <command>` for an ordinary command; for one longer than `maxArgBytes`,
 * the command written to a private file (mode 0600) that the shell runs as
 * a script, so that a command of any length starts. Throws when the file
 * cannot be written (the caller reports it as a spawn failure).
 */
export function scriptArgs({ command, tempDir, maxArgBytes = MAX_ARG_BYTES }: ScriptArgsOptions): ScriptArgs {
  if (Buffer.byteLength(command) <= maxArgBytes) return { args: ["-c", command], cleanup: () => undefined };
  let dir: string;
  let own = false;
  if (tempDir === undefined) {
    dir = createOwnedTempDirSync({ prefix: "toolkit-script-" });
    own = true;
  } else {
    markTempDirSync(tempDir);
    dir = tempDir;
  }
  const file = join(dir, `script-${randomBytes(6).toString("hex")}.sh`);
  writeFileSync(file, command, { mode: 0o600, flag: "wx" });
  return {
    args: [file],
    cleanup: () => rmSync(own ? dir : file, { recursive: true, force: true }),
  };
}
