import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createToolContext } from "../context/context.js";
import { ownerMarkerName, parseOwnerMarker } from "./owner-marker.js";
import { currentOwner, ownerAlive, startTicks } from "./process-owner.js";
import { sweepStaleTemp } from "./sweep-stale-temp.js";

const HOST = fileURLToPath(new URL("./owner-host.test-support.ts", import.meta.url));
const PACKAGE_DIR = fileURLToPath(new URL("../..", import.meta.url));

let base: string;
let tmp: string;
const children: ChildProcess[] = [];
beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), "core-sweep-")));
  tmp = join(base, "tmp");
  await mkdir(tmp);
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  await rm(base, { recursive: true, force: true });
});

/** Starts a host whose $TMPDIR is the test's own, and waits until its temp dir holds its work. */
async function startHost(): Promise<{ child: ChildProcess; dir: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", HOST], {
    cwd: PACKAGE_DIR,
    env: { ...process.env, TMPDIR: tmp },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  const dir = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /^ready (.+)$/m.exec(out);
      if (ready?.[1]) resolve(ready[1]);
    });
    child.once("exit", (code) => reject(new Error(`the host exited early (${code})`)));
  });
  return { child, dir };
}

async function killHard(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

describe("sweepStaleTemp", () => {
  describe("when one host was killed with SIGKILL and another still runs", () => {
    it("removes the killed host's folder and keeps the live one's", { timeout: 60_000 }, async () => {
      const [killed, alive] = await Promise.all([startHost(), startHost()]);
      await killHard(killed.child);
      expect(await readdir(killed.dir)).toContain("spill.log");
      const result = await sweepStaleTemp({ dir: tmp });
      expect(result.removed).toEqual([killed.dir]);
      expect(existsSync(killed.dir)).toBe(false);
      expect(await readdir(alive.dir)).toContain("spill.log");
      expect(alive.child.exitCode).toBeNull();
    });
  });

  describe("when a new process makes its first temp folder", () => {
    it("sweeps what killed hosts left, without touching a live one", { timeout: 60_000 }, async () => {
      const [killed, alive] = await Promise.all([startHost(), startHost()]);
      await killHard(killed.child);
      const next = await startHost();
      await vi.waitFor(() => expect(existsSync(killed.dir)).toBe(false), { timeout: 20_000, interval: 50 });
      expect(existsSync(alive.dir)).toBe(true);
      expect(existsSync(next.dir)).toBe(true);
    });
  });

  describe("when a folder's owner pid now belongs to another process", () => {
    it("removes it: the start time differs", async () => {
      const me = currentOwner();
      const reused = join(tmp, "toolkit-reused");
      await mkdir(reused);
      const other = { ...me, start: me.start.startsWith("m") ? "m1" : "1" };
      await writeFile(join(reused, ownerMarkerName(other)), "");
      expect(await ownerAlive(other)).toBe(false);
      expect((await sweepStaleTemp({ dir: tmp })).removed).toEqual([reused]);
    });
  });

  describe("when a folder is not clearly a dead Toolkit process's", () => {
    it.each([
      ["no marker", [] as string[]],
      ["a marker of another PID namespace", [".toolkit-owner-1-1-99999999999"]],
      ["a marker this code did not write", [".toolkit-owner-x"]],
    ])("keeps it (%s)", async (_, markers) => {
      const folder = join(tmp, "toolkit-kept");
      await mkdir(folder);
      for (const name of markers) await writeFile(join(folder, name), "");
      await writeFile(join(folder, "work.txt"), "keep me");
      expect((await sweepStaleTemp({ dir: tmp })).removed).toEqual([]);
      expect(await readdir(folder)).toContain("work.txt");
    });
    it("leaves other names, files and symlinks alone", async () => {
      await mkdir(join(tmp, "other-tool"));
      await writeFile(join(tmp, "toolkit-file"), "");
      expect(await sweepStaleTemp({ dir: tmp })).toEqual({ removed: [], kept: 0 });
      expect((await readdir(tmp)).sort()).toEqual(["other-tool", "toolkit-file"]);
    });
  });

  describe("when run with dryRun", () => {
    it("lists the stale folder and removes nothing", { timeout: 60_000 }, async () => {
      const killed = await startHost();
      await killHard(killed.child);
      expect((await sweepStaleTemp({ dir: tmp, dryRun: true })).removed).toEqual([killed.dir]);
      expect(existsSync(killed.dir)).toBe(true);
    });
  });

  it("refuses a prefix with a slash", async () => {
    await expect(sweepStaleTemp({ dir: tmp, prefix: "../x" })).rejects.toThrow(
      'sweepStaleTemp: `prefix` must be a non-empty name without "/", got "../x"',
    );
  });
});

describe("ToolContext temp dirs", () => {
  describe("when the session is disposed", () => {
    it("removes the owner marker and the emptied folder", async () => {
      const ctx = createToolContext({ cwd: base, tempDir: join(base, "session") });
      const dir = await ctx.ensureTempDir();
      expect(await readdir(dir)).toEqual([ownerMarkerName(currentOwner())]);
      await ctx.dispose();
      expect(existsSync(dir)).toBe(false);
    });
    it("keeps the marker while files are left, so a sweep removes them once the process is gone", async () => {
      const ctx = createToolContext({ cwd: base, tempDir: join(base, "session") });
      const dir = await ctx.ensureTempDir();
      await writeFile(join(dir, "grep-spill.txt"), "left behind");
      await ctx.dispose();
      expect((await readdir(dir)).sort()).toEqual([ownerMarkerName(currentOwner()), "grep-spill.txt"].sort());
    });
  });
});

describe("startTicks", () => {
  it("reads field 22 whatever the command name holds", () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(), (comm, ticks) => {
        const rest = Array.from({ length: 19 }, (_, i) => String(i)).concat([String(ticks), "7", "8"]);
        expect(startTicks(`123 (${comm}) S ${rest.slice(1).join(" ")}`)).toBe(rest[19]);
      }),
    );
  });
  it("gives undefined for a line it cannot read", () => {
    expect(startTicks("garbage")).toBeUndefined();
    expect(startTicks(undefined)).toBeUndefined();
  });
});

describe("parseOwnerMarker", () => {
  it("reads back what ownerMarkerName wrote", () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.boolean(), (pid, start, ms) => {
        const owner = { pid, start: `${ms ? "m" : ""}${start}`, ns: "4026531836" };
        expect(parseOwnerMarker(ownerMarkerName(owner))).toEqual(owner);
      }),
    );
  });
});
