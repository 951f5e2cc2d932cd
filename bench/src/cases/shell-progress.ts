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
import { interleavedMedians } from "./shell.js";

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
        const [withProgress = Number.NaN, without] = await interleavedMedians(RUNS, [
          () => dispatch(registry, call, { ctx, onProgress: () => void updates++ }),
          () => dispatch(registry, call, { ctx }),
        ]);
        return [
          {
            case: `Shell, 100 MB of output, with an onProgress listener (${Math.round(updates / (RUNS + 1))} updates a call)`,
            ours: withProgress,
            peer: "the same call, nobody listening",
            peerValue: without,
            unit: "ms",
            note: "goal: within 1.02x",
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
