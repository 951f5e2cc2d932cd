// @toolkit/shell: spawn overhead of Shell against raw child_process.spawn and execa,
// and the memory the process needs while a command prints 1 GiB.
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { createToolContext } from "@toolkit/core";
import { Shell } from "@toolkit/shell";
import { execa } from "execa";
import type { BenchCase, Row } from "../harness.js";

const RUNS = 150;
const GIB = 1024 * 1024 * 1024;
const MIB = 1024 * 1024;

export function rawSpawn(command: string, onData?: (chunk: Buffer) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", command], { stdio: ["ignore", "pipe", "pipe"], detached: true });
    child.stdout.on("data", onData ?? (() => undefined));
    child.stderr.on("data", () => undefined);
    child.on("error", reject);
    child.on("close", () => resolve());
  });
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/**
 * Median milliseconds of each function, calling them in turn `runs` times
 * after one warm-up round; with `idleMs`, each call is followed by that
 * much idle time (an agent's commands are seconds apart), so work a tool
 * defers to idle time lands there and not inside the next call measured.
 */
export async function interleavedMedians(
  runs: number,
  fns: ReadonlyArray<() => Promise<unknown>>,
  { idleMs = 0 }: { idleMs?: number } = {},
): Promise<number[]> {
  const samples = fns.map(() => [] as number[]);
  for (let round = -1; round < runs; round++) {
    for (const [i, fn] of fns.entries()) {
      const ms = await timed(fn);
      if (round >= 0) samples[i]?.push(ms);
      if (idleMs > 0) await new Promise((resolve) => setTimeout(resolve, idleMs));
    }
  }
  return samples.map((values) => {
    const sorted = values.sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  });
}

/** Peak RSS growth (MiB) over the baseline while `fn` runs, sampled every 5 ms. */
async function peakRssMiB(fn: () => Promise<unknown>): Promise<number> {
  globalThis.gc?.();
  const base = process.memoryUsage.rss();
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  await fn();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  return (peak - base) / MIB;
}

export const cases: BenchCase[] = [
  {
    name: "shell: spawn overhead",
    async run(): Promise<Row[]> {
      const dir = await mkdtemp(join(tmpdir(), "bench-shell-"));
      const ctx = createToolContext({ cwd: dir });
      // Unsandboxed on purpose: the default ("auto") would run bubblewrap where it is installed,
      // which the sandbox case measures on its own.
      const shell = new Shell({ sandbox: "off" });
      try {
        // Round-robin, so that load from other processes hits the three alike.
        const [ours = Number.NaN, raw, viaExeca] = await interleavedMedians(RUNS, [
          () => shell.call({ command: "true" }, ctx),
          () => rawSpawn("true"),
          () => execa("bash", ["-c", "true"]),
        ]);
        return [
          {
            case: "Shell `true` unsandboxed (bash -c, group, capture, reply)",
            ours,
            peer: "child_process.spawn bash -c true",
            peerValue: raw,
            unit: "ms",
            note: `goal: <= 1.3x raw spawn (${raw !== undefined && ours <= 1.3 * raw ? "met" : "not met"})`,
          },
          {
            case: "Shell `true` unsandboxed (bash -c, group, capture, reply)",
            ours,
            peer: "execa 9.6 bash -c true",
            peerValue: viaExeca,
            unit: "ms",
          },
        ];
      } finally {
        await ctx.dispose();
        await rm(dir, { recursive: true, force: true });
        await rm(ctx.tempDir, { recursive: true, force: true });
      }
    },
  },
  {
    name: "shell: memory while printing 1 GiB",
    async run(): Promise<Row[]> {
      const dir = await mkdtemp(join(tmpdir(), "bench-shell-"));
      const ctx = createToolContext({ cwd: dir });
      const shell = new Shell({ defaultTimeoutS: 600, sandbox: "off" });
      const command = `yes | head -c ${GIB}`;
      try {
        let reply = 0;
        const ours = await peakRssMiB(async () => {
          reply = (await shell.call({ command }, ctx)).textContent().length;
        });
        const raw = await peakRssMiB(() => rawSpawn(command));
        return [
          {
            case: `Shell: peak RSS above baseline, 1 GiB of output (reply ${Math.round(reply / 1024)} KiB)`,
            ours,
            peer: "child_process.spawn, output discarded",
            peerValue: raw,
            unit: "MiB",
            note: "goal: < 64 MiB",
          },
        ];
      } finally {
        await ctx.dispose();
        await rm(dir, { recursive: true, force: true });
        await rm(ctx.tempDir, { recursive: true, force: true });
      }
    },
  },
];
