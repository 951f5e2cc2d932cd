import { readdirSync, readFileSync } from "node:fs";

interface Stat {
  readonly pid: number;
  readonly ppid: number;
  readonly state: string;
}

/**
 * Every live (not zombie) descendant of `pid`, from the host's /proc.
 * Inside a PID namespace every process of the sandbox descends from
 * bubblewrap, whatever sessions or groups it made.
 */
export function liveDescendants(pid: number): number[] {
  const children = new Map<number, Stat[]>();
  for (const stat of readAll()) {
    const list = children.get(stat.ppid);
    if (list) list.push(stat);
    else children.set(stat.ppid, [stat]);
  }
  const found: number[] = [];
  const queue = [pid];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    for (const child of children.get(next) ?? []) {
      queue.push(child.pid);
      if (child.state !== "Z" && child.state !== "X") found.push(child.pid);
    }
  }
  return found;
}

/** Whether `pid` runs, is a zombie (ended, not yet reaped), or is gone. */
export function processState(pid: number): "running" | "zombie" | "gone" {
  const stat = readStat(String(pid));
  if (stat === undefined) return "gone";
  return stat.state === "Z" || stat.state === "X" ? "zombie" : "running";
}

function readAll(): Stat[] {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  const stats: Stat[] = [];
  for (const entry of entries) {
    const c = entry.charCodeAt(0);
    if (c < 48 || c > 57) continue;
    const stat = readStat(entry);
    if (stat) stats.push(stat);
  }
  return stats;
}

function readStat(pid: string): Stat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return { pid: Number(pid), state: fields[0] ?? "", ppid: Number(fields[1]) };
}
