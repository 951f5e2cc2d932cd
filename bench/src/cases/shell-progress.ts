// @toolkit/shell: what live progress costs. The same Shell call printing 100 MB runs through
// dispatch with an onProgress listener (every output line reported, rate-limited) and without
// one, in turn, so that load from other processes hits both alike.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createToolContext } from "@toolkit/core";
import { dispatch, ToolRegistry } from "@toolkit/registry";
import { Shell } from "@toolkit/shell";
import type { BenchCase, Row } from "../harness.js";
import { performance } from "node:perf_hooks";

/** Wall-clock and host CPU (this process, user + system) milliseconds of one call. */
async function sample(fn: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await fn();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - start, cpu: (used.user + used.system) / 1000 };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const RUNS = 15;
const BYTES = 100_000_000;

export const cases: BenchCase[] = [
  {
    name: "shell: progress while printing 100 MB",
    async run(): Promise<Row[]> {
      const dir = await mkdtemp(join(tmpdir(), "bench-shell-progress-"));
      const ctx = createToolContext({ cwd: dir });
      const registry = new ToolRegistry();
      registry.register(new Shell({ defaultTimeoutS: 600 }));
      const call = [{ id: "c1", name: "Shell", input: { command: `yes | head -c ${BYTES}` } }];
      let updates = 0;
      try {
        const on: { wall: number; cpu: number }[] = [];
        const off: { wall: number; cpu: number }[] = [];
        // Round-robin after one warm-up round, so that load from other processes hits both alike.
        for (let round = -1; round < RUNS; round++) {
          const a = await sample(() => dispatch(registry, call, { ctx, onProgress: () => void updates++ }));
          const b = await sample(() => dispatch(registry, call, { ctx }));
          if (round >= 0) {
            on.push(a);
            off.push(b);
          }
        }
        const label = `Shell, 100 MB of output, with an onProgress listener (${Math.round(updates / (RUNS + 1))} updates a call)`;
        return [
          {
            case: `${label}: wall clock`,
            ours: median(on.map((s) => s.wall)),
            peer: "the same call, nobody listening",
            peerValue: median(off.map((s) => s.wall)),
            unit: "ms",
            note: "goal: within 1.02x",
          },
          {
            case: `${label}: host CPU (user + system)`,
            ours: median(on.map((s) => s.cpu)),
            peer: "the same call, nobody listening",
            peerValue: median(off.map((s) => s.cpu)),
            unit: "ms",
            note: "goal: within 1.02x; less sensitive to the machine's load",
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
