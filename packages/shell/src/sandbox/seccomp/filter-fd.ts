import { mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

let master: number | undefined;

/**
 * A path through which a child of this process opens the seccomp program
 * afresh (at offset 0) for one `bwrap --seccomp FD`. The program is written
 * once per process to a private file that is unlinked at once and stays
 * open here; `/proc/<pid>/fd/<n>` reopens it, which costs the launcher one
 * open() instead of a pipe and a stream per command.
 */
export function filterPath(program: Buffer): string {
  if (master === undefined) {
    const dir = mkdtempSync(join(tmpdir(), "toolkit-seccomp-"));
    try {
      const file = join(dir, "filter.bpf");
      writeFileSync(file, program, { mode: 0o400 });
      master = openSync(file, "r");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return `/proc/${process.pid}/fd/${master}`;
}
