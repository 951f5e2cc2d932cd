import { readdirSync, readFileSync } from "node:fs";

/** The live (not zombie) processes whose process group is `pgid`, read from /proc. */
export function groupMembers(pgid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    // Fields after the command name (which may hold spaces) in parentheses: state ppid pgrp ...
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (fields[0] !== "Z" && Number(fields[2]) === pgid) out.push(Number(entry));
  }
  return out;
}

/** True while `pid` is a live process (not gone, not a zombie). */
export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}
