// @toolkit/shell: what the bubblewrap sandbox adds to a command, against the unsandboxed Shell
// and a raw child_process.spawn, measured round-robin in the same run.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createToolContext } from "@toolkit/core";
import { Shell } from "@toolkit/shell";
import type { BenchCase, Row } from "../harness.js";
import { interleavedMedians, rawSpawn } from "./shell.js";

const RUNS = 100;

export const cases: BenchCase[] = [
  {
    name: "sandbox: spawn overhead",
    async run(): Promise<Row[]> {
      const dir = await mkdtemp(join(tmpdir(), "bench-sandbox-"));
      const ctx = createToolContext({ cwd: dir });
      const sandboxed = new Shell({ sandbox: "required" });
      const plain = new Shell({ sandbox: "off" });
      try {
        const probe = await sandboxed.call({ command: "true" }, ctx);
        if (probe.isError) {
          return [
            {
              case: "Shell `true` sandboxed (bubblewrap)",
              ours: Number.NaN,
              peer: "Shell `true` unsandboxed",
              peerValue: undefined,
              unit: "ms",
              note: `absent: ${probe.textContent().split("\n")[0]}`,
            },
          ];
        }
        const [ours = Number.NaN, unsandboxed, raw] = await interleavedMedians(RUNS, [
          () => sandboxed.call({ command: "true" }, ctx),
          () => plain.call({ command: "true" }, ctx),
          () => rawSpawn("true"),
        ]);
        const added = `adds ${(ours - (unsandboxed ?? Number.NaN)).toFixed(1)} ms per command`;
        return [
          {
            case: "Shell `true` sandboxed (bubblewrap, network none)",
            ours,
            peer: "Shell `true` unsandboxed",
            peerValue: unsandboxed,
            unit: "ms",
            note: `goal: <= 1.5x and <= +8 ms; ${added}`,
          },
          {
            case: "Shell `true` sandboxed (bubblewrap, network none)",
            ours,
            peer: "child_process.spawn bash -c true",
            peerValue: raw,
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
];
