// @toolkit/shell: what the bubblewrap sandbox adds to a command, against the unsandboxed Shell
// and a raw child_process.spawn, measured round-robin in the same run.
import { spawn } from "node:child_process";
import { closeSync, openSync, writeFileSync } from "node:fs";
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
// The seccomp program is not exported; the bench takes it from the source, so the peer runs the same filter.
import {
  encodeFilter,
  unixSocketFilter,
} from "../../../packages/shell/src/sandbox/seccomp/unix-socket-filter.js";
import type { BenchCase, Row } from "../harness.js";
import { interleavedMedians, rawSpawn } from "./shell.js";

const RUNS = 100;
/** Idle time after each call, as between an agent's commands (the Shell starts its next launcher then). */
const IDLE_MS = 40;
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

function spawnOnce(file: string, args: readonly string[], extraFd?: () => number): Promise<void> {
  return new Promise((resolve, reject) => {
    const fd = extraFd?.();
    const stdio = fd === undefined ? ["ignore", "pipe", "pipe"] : ["ignore", "pipe", "pipe", fd];
    const child = spawn(file, args, { stdio: stdio as ["ignore", "pipe", "pipe"], detached: true });
    if (fd !== undefined) closeSync(fd);
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
        const tempDir = await ctx.ensureTempDir();
        const mounts = await resolveMounts({ policy: normalizedDefault, workspaceRoot: dir, tempDir });
        const kernel = { tmpBytes: DEFAULT_LIMITS.tempBytes, shmBytes: DEFAULT_LIMITS.shmBytes };
        const common = {
          mounts: { ...mounts, writable: mounts.writable.filter((w) => w.path !== tempDir) },
          network: "none" as const,
          cwd: dir,
          argv: ["/usr/bin/bash", "-c", "true"],
          readOnlyBinds: [tempDir],
        };
        // The Shell's own bubblewrap arguments: the same mounts, sized tmpfs and the seccomp filter on fd 3.
        const sameArgs = bwrapArgs({ ...common, kernel: { ...kernel, seccompFd: 3 } });
        const bareArgs = bwrapArgs({ ...common, kernel });
        const filterFile = join(dir, "..", `bench-filter-${process.pid}.bpf`);
        writeFileSync(filterFile, encodeFilter(unixSocketFilter()));
        const [ours = Number.NaN, unsandboxed, raw, rawBwrap = Number.NaN, bareBwrap] =
          await interleavedMedians(
            RUNS,
            [
              () => sandboxed.call({ command: "true" }, ctx),
              () => plain.call({ command: "true" }, ctx),
              () => rawSpawn("true"),
              () => spawnOnce(bwrap, sameArgs, () => openSync(filterFile, "r")),
              () => spawnOnce(bwrap, bareArgs),
            ],
            { idleMs: IDLE_MS },
          );
        await rm(filterFile, { force: true });
        const delta = ours - (unsandboxed ?? Number.NaN);
        const overBwrap = ours - rawBwrap;
        return [
          {
            case: "Shell `true` sandboxed (bubblewrap, network none)",
            ours,
            peer: "Shell `true` unsandboxed",
            peerValue: unsandboxed,
            unit: "ms",
            note: `goal: <= +8 ms, with the probe (first call), seccomp filter, fd-closing launcher, cgroups and sized tmpfs, ${IDLE_MS} ms idle after every call measured; adds ${delta.toFixed(1)} ms (${delta <= 8 ? "met" : "not met"})`,
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
            peer: "child_process.spawn bwrap, same args and seccomp fd (no launcher, cgroups, checks)",
            peerValue: rawBwrap,
            unit: "ms",
            note: `goal: <= bwrap + 1 ms; adds ${overBwrap.toFixed(1)} ms (${overBwrap <= 1 ? "met" : "not met"})`,
          },
          {
            case: "Shell `true` sandboxed (bubblewrap, network none)",
            ours,
            peer: "child_process.spawn bwrap, same mounts, no seccomp",
            peerValue: bareBwrap,
            unit: "ms",
            note: "what the filter costs bubblewrap itself",
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
