import { mkdir, readdir } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createToolContext } from "@toolkit/core";
import { runCaptured } from "../../tools/run-captured.js";
import { resolveShellOptions } from "../../tools/shell-options.js";
import { Shell } from "../../tools/shell.js";
import { pinned, type Sandbox, sandbox } from "../../tools/test-helpers.js";
import { createBwrapBackend } from "../bwrap-backend.js";
import { detectSandbox } from "../detect-sandbox.js";
import { resolveMounts } from "../resolve-mounts.js";
import { skipWithoutBwrap } from "../test-helpers.js";
import { createCommandCgroups } from "./command-cgroups.js";
import { DEFAULT_LIMITS } from "./limits-option.js";

const MIB = 1024 * 1024;
const NODE = process.execPath;
const small = {
  processes: 20,
  memoryBytes: 64 * MIB,
  tempBytes: 4 * MIB,
  shmBytes: 2 * MIB,
  fileBytes: 2 * MIB,
};
const shell = new Shell({ sandbox: { limits: small } });
/** Starts 60 sleepers in the background (dash: no fork retries, unlike bash), then fails. */
const FORK_MANY = "sh -c 'for i in $(seq 60); do sleep 30 & done' 2>/dev/null; exit 1";
const EAT_MEMORY = `${NODE} -e 'const a=[];for(let i=0;i<400;i++)a.push(Buffer.alloc(1<<20,1));console.log("survived")'`;
const cgroupsHere = createCommandCgroups({ limits: DEFAULT_LIMITS });
void cgroupsHere?.remove();

let box: Sandbox;
beforeEach(async () => {
  box = await sandbox();
});
afterEach(async () => {
  await box.cleanup();
});

describe.skipIf(skipWithoutBwrap("the sandbox limits tests"))("sandbox limits", () => {
  describe("when a command fills $TMPDIR or /dev/shm past its cap", () => {
    const hint = `[sandbox: $TMPDIR and /dev/shm are private and capped (limits.tempBytes ${small.tempBytes}, limits.shmBytes ${small.shmBytes}); large files belong in the workspace]`;
    it.each([
      ["$TMPDIR", '"$TMPDIR/big"'],
      ["/dev/shm", "/dev/shm/big"],
    ])("%s stops at the cap and the reply names it", async (_what, file) => {
      const roomy = new Shell({ sandbox: { limits: { ...small, fileBytes: 64 * MIB } } });
      const out = await roomy.call({ command: `head -c ${6 * MIB} /dev/zero > ${file}` }, box.ctx);
      expect(out.isError).toBe(true);
      expect(out.textContent()).toContain("No space left on device");
      expect(out.textContent().endsWith(hint)).toBe(true);
    });
  });

  describe("when a command writes a file past fileBytes", () => {
    it("is stopped by RLIMIT_FSIZE and the reply names the cap", async () => {
      const out = await new Shell({ sandbox: { limits: { ...small, tempBytes: 16 * MIB } } }).call(
        { command: `head -c ${3 * MIB} /dev/zero > big.bin` },
        box.ctx,
      );
      expect(out.isError).toBe(true);
      expect(
        out
          .textContent()
          .endsWith(`[sandbox: a file reached the file size cap (limits.fileBytes ${small.fileBytes})]`),
      ).toBe(true);
    });
  });

  describe.skipIf(cgroupsHere === undefined)("where a cgroup can be made", () => {
    it("refuses processes past the cap, and the reply says which cap", async () => {
      const out = await shell.call({ command: FORK_MANY }, box.ctx);
      expect(
        pinned(out).endsWith(
          `[sandbox: the process cap refused to start more processes (limits.processes 20)]`,
        ),
      ).toBe(true);
    });

    it("counts a reused cgroup's refusals from zero for the next command", async () => {
      await shell.call({ command: FORK_MANY }, box.ctx);
      await new Promise((resolve) => setTimeout(resolve, 200)); // the emptied cgroup goes back to the pool
      expect(pinned(await shell.call({ command: "exit 3" }, box.ctx))).toBe("[exit 3, N ms]");
    });

    it("kills a command past the memory cap, and the reply says which cap", async () => {
      const out = await shell.call({ command: EAT_MEMORY }, box.ctx);
      expect(out.textContent()).not.toContain("survived");
      expect(
        out
          .textContent()
          .endsWith(
            `[sandbox: the memory cap stopped the command (limits.memoryBytes ${small.memoryBytes})]`,
          ),
      ).toBe(true);
    });
  });

  describe("where no cgroup can be made", () => {
    it.each([
      ["processes", "sh -c 'for i in $(seq 60); do sleep 30 & done; wait'"],
      [
        "memory",
        `${NODE} -e 'const a=[];for(let i=0;i<200;i++)a.push(Buffer.alloc(1<<20,1));setTimeout(()=>{},30000)'`,
      ],
    ] as const)("the watchdog stops a command past the %s cap", async (cap, command) => {
      const mechanism = await detectSandbox();
      if (mechanism.kind !== "bwrap") throw new Error("bwrap expected");
      const tempDir = await box.ctx.ensureTempDir();
      const options = resolveShellOptions({ sandbox: { limits: small } });
      const mounts = await resolveMounts({
        policy: options.sandbox.policy,
        workspaceRoot: box.root,
        tempDir,
      });
      const backend = await createBwrapBackend({
        bwrapPath: mechanism.path,
        mounts,
        network: "none",
        tempDir,
        limits: options.sandbox.policy.limits,
        cgroupRoot: null,
      });
      const ctx = createToolContext({ cwd: box.root, tempDir });
      const { outcome } = await runCaptured({
        ctx,
        options,
        request: { command, cwd: box.root, env: { PATH: process.env.PATH ?? "" } },
        timeoutMs: 20_000,
        backend,
      });
      expect(outcome.timedOut).toBe(false);
      expect(backend.capsHit()).toEqual([cap]);
      await ctx.dispose();
    });
  });
});

describe("createCommandCgroups", () => {
  it("uses cgroup v1 pids and memory below the host's own cgroups where writable", async () => {
    const root = join(box.root, "cgroup");
    for (const dir of ["pids/host", "memory/host/inner"]) await mkdir(join(root, dir), { recursive: true });
    const made = createCommandCgroups({
      limits: small,
      root,
      selfCgroup: "9:name=systemd:/\n8:pids:/host\n4:memory:/host/inner\n0::/\n",
    });
    expect(made?.kind).toBe("cgroup v1");
    expect([...(made?.covers ?? [])]).toEqual(["processes", "memory"]);
    expect(made?.procs.map((p) => p.replace(root, "").replace(/toolkit-\d+-\d+/, "X"))).toEqual([
      "/pids/host/X/cgroup.procs",
      "/memory/host/inner/X/cgroup.procs",
    ]);
  });

  it("removes cgroups a dead host left behind, never a live one's", async () => {
    const root = join(box.root, "cgroup");
    const parent = join(root, "pids", "swept");
    await mkdir(join(parent, "toolkit-999999999-1"), { recursive: true });
    await mkdir(join(parent, `toolkit-${process.ppid}-1`));
    const made = createCommandCgroups({ limits: small, root, selfCgroup: "8:pids:/swept\n" });
    expect((await readdir(parent)).sort()).toEqual(
      [`toolkit-${process.ppid}-1`, ...(made?.procs ?? []).map((p) => basename(dirname(p)))].sort(),
    );
  });

  it("returns undefined where nothing is writable", () => {
    expect(
      createCommandCgroups({ limits: small, root: "/nonexistent", selfCgroup: "8:pids:/\n0::/\n" }),
    ).toBeUndefined();
  });
});
