// @toolkit/shell: what the bubblewrap sandbox adds to a command, against the unsandboxed Shell
// and a raw child_process.spawn, measured round-robin in the same run.
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createToolContext } from "@toolkit/core";
import {
  bwrapArgs,
  DEFAULT_DENY_READ,
  DEFAULT_DENY_WRITE,
  DEFAULT_PROTECT,
  DEFAULT_LIMITS,
  detectSandbox,
  resolveMounts,
  Shell,
} from "@toolkit/shell";
import type { BenchCase, Row } from "../harness.js";
import { interleavedMedians, rawSpawn } from "./shell.js";

const RUNS = 100;
const normalizedDefault = {
  writable: [],
  denyRead: DEFAULT_DENY_READ,
  denyWrite: DEFAULT_DENY_WRITE,
  network: "none" as const,
  protect: DEFAULT_PROTECT,
  maxScanEntries: 1_000_000,
  readable: [],
  allowUnixSockets: false,
  limits: DEFAULT_LIMITS,
};

function spawnOnce(file: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ["ignore", "pipe", "pipe"], detached: true });
    child.stdout.resume();
    child.stderr.resume();
    child.on("error", reject);
    child.on("close", () => resolve());
  });
}

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
        const mechanism = await detectSandbox();
        const bwrap = mechanism.kind === "bwrap" ? mechanism.path : "bwrap";
        const args = bwrapArgs({
          mounts: await resolveMounts({
            policy: normalizedDefault,
            workspaceRoot: dir,
            tempDir: await ctx.ensureTempDir(),
          }),
          network: "none",
          cwd: dir,
          argv: ["bash", "-c", "true"],
          kernel: { tmpBytes: DEFAULT_LIMITS.tempBytes, shmBytes: DEFAULT_LIMITS.shmBytes },
        });
        const [ours = Number.NaN, unsandboxed, raw, rawBwrap] = await interleavedMedians(RUNS, [
          () => sandboxed.call({ command: "true" }, ctx),
          () => plain.call({ command: "true" }, ctx),
          () => rawSpawn("true"),
          () => spawnOnce(bwrap, args),
        ]);
        const added = `adds ${(ours - (unsandboxed ?? Number.NaN)).toFixed(1)} ms per command`;
        return [
          {
            case: "Shell `true` sandboxed (bubblewrap, network none)",
            ours,
            peer: "Shell `true` unsandboxed",
            peerValue: unsandboxed,
            unit: "ms",
            note: `goal: <= +8 ms, with the probe (first call), seccomp filter, fd-closing launcher, cgroups and sized tmpfs; ${added}`,
          },
          {
            case: "Shell `true` sandboxed (bubblewrap, network none)",
            ours,
            peer: "child_process.spawn bash -c true",
            peerValue: raw,
            unit: "ms",
          },
          {
            case: "Shell `true` sandboxed (bubblewrap, network none)",
            ours,
            peer: "child_process.spawn bwrap (same mounts, no launcher/seccomp/cgroups) bash -c true",
            peerValue: rawBwrap,
            unit: "ms",
            note: "what the tool adds on top of bubblewrap itself",
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
