import type { Writable } from "node:stream";
import { sweepStaleTemp } from "../temp/sweep-stale-temp.js";

/** Where `toolkit-clean` reads its arguments and writes; the process's own in production. */
export interface RunToolkitCleanOptions {
  argv: readonly string[];
  /** @default process.stdout */
  stdout?: Writable;
  /** @default process.stderr */
  stderr?: Writable;
}

/** The usage text of `toolkit-clean`. */
export const CLEAN_USAGE = `Usage: toolkit-clean [--dir DIR]... [--dry-run]

Removes the temp folders (toolkit-*) that Toolkit processes left behind when
they were killed: those whose every owner process is gone. A folder of a
running process is never removed.

  --dir DIR   look in DIR (repeatable; default: the system temp directory)
  --dry-run   list what would be removed, remove nothing
  --help      show this text`;

/**
 * Runs `toolkit-clean`: sweeps each `--dir` (default `os.tmpdir()`), prints
 * one removed folder per line and a summary on stdout. Returns the exit
 * code: 0, or 2 for a usage error (named on stderr).
 */
export async function runToolkitClean(options: RunToolkitCleanOptions): Promise<number> {
  const { argv, stdout = process.stdout, stderr = process.stderr } = options;
  const dirs: string[] = [];
  let dryRun = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h") {
      stdout.write(`${CLEAN_USAGE}\n`);
      return 0;
    }
    if (arg === "--dry-run") dryRun = true;
    else if (arg === "--dir" && argv[i + 1] !== undefined && argv[i + 1] !== "")
      dirs.push(argv[++i] as string);
    else {
      const what = arg === "--dir" ? "`--dir` needs a directory" : `unknown argument ${JSON.stringify(arg)}`;
      stderr.write(`toolkit-clean: ${what}\n${CLEAN_USAGE}\n`);
      return 2;
    }
  }
  let removed = 0;
  let kept = 0;
  for (const dir of dirs.length > 0 ? dirs : [undefined]) {
    const result = await sweepStaleTemp({ ...(dir === undefined ? {} : { dir }), dryRun });
    for (const folder of result.removed) stdout.write(`${folder}\n`);
    removed += result.removed.length;
    kept += result.kept;
  }
  const verb = dryRun ? "Would remove" : "Removed";
  stdout.write(`${verb} ${removed} stale folder${removed === 1 ? "" : "s"}; kept ${kept} in use.\n`);
  return 0;
}
