import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import { measure } from "mitata";

/** One row of the table: our figure beside the peer's from the same run. */
export interface Row {
  /** What was measured, e.g. "dispatch: validated + 5 layers". */
  case: string;
  /** Our median, in the row's unit. */
  ours: number;
  /** The peer's name, e.g. "ripgrep 15 (rg)". */
  peer: string;
  /** The peer's median; undefined when the peer is absent (never faked). */
  peerValue: number | undefined;
  /** "ns", "ms", "MiB", ... */
  unit: string;
  /** A note such as "absent: fdfind not installed" or a goal. */
  note?: string;
}

/** A group of rows. `run` returns the rows; it may skip itself by returning []. */
export interface BenchCase {
  name: string;
  run(): Promise<Row[]>;
}

/** Median nanoseconds per call of an in-process function, measured by mitata. */
export async function medianNs(fn: () => unknown, options: { minSamples?: number } = {}): Promise<number> {
  const stats = await measure(fn, { min_samples: options.minSamples ?? 50 });
  return stats.p50;
}

/** Result of a whole-process run. */
export interface ProcessRun {
  ms: number;
  code: number | null;
  stdout: string;
}

/** Runs a command once and times it from spawn to exit. */
export function runCommand(
  cmd: string,
  args: readonly string[],
  options: { cwd?: string; input?: string } = {},
): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(cmd, args, { cwd: options.cwd, stdio: ["ignore", "pipe", "ignore"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => chunks.push(c));
    child.on("error", reject);
    child.on("close", (code) =>
      resolve({ ms: performance.now() - start, code, stdout: Buffer.concat(chunks).toString() }),
    );
  });
}

/** Median of an async measurement repeated `runs` times (after one warm-up). */
export async function medianOf(runs: number, once: () => Promise<number>): Promise<number> {
  await once();
  const values: number[] = [];
  for (let i = 0; i < runs; i++) values.push(await once());
  values.sort((a, b) => a - b);
  const mid = Math.floor(values.length / 2);
  return values.length % 2
    ? (values[mid] as number)
    : ((values[mid - 1] as number) + (values[mid] as number)) / 2;
}

/** Finds an executable on PATH; undefined when absent. */
export async function which(cmd: string): Promise<string | undefined> {
  const r = await runCommand("sh", ["-c", `command -v ${cmd}`]).catch(() => undefined);
  const path = r?.stdout.trim();
  return r?.code === 0 && path ? path : undefined;
}

function fmt(value: number | undefined, unit: string): string {
  if (value === undefined) return "absent";
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${unit}`;
}

/** Prints rows as a Markdown table: case, ours, peer, peer median, ratio. */
export function printTable(rows: readonly Row[]): void {
  const header = ["case", "ours (median)", "peer", "peer (median)", "ratio ours/peer", "note"];
  const lines = rows.map((r) => [
    r.case,
    fmt(r.ours, r.unit),
    r.peer,
    fmt(r.peerValue, r.unit),
    r.peerValue === undefined ? "-" : `${(r.ours / r.peerValue).toFixed(2)}x`,
    r.note ?? "",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] as string).length)));
  const row = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(" | ")} |`;
  console.log(row(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const l of lines) console.log(row(l));
}
