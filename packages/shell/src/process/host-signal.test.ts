import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { processAlive } from "./process-group.js";

const HOST = fileURLToPath(new URL("./test-signal-host.ts", import.meta.url));
const PACKAGE_DIR = fileURLToPath(new URL("../..", import.meta.url));

const started: Array<{ dir: string; pids: number[] }> = [];
afterAll(async () => {
  for (const { dir, pids } of started) {
    for (const pid of pids) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // gone, as it should be
      }
    }
    await rm(dir, { recursive: true, force: true });
  }
});

/** Starts a host in a temp workspace, waits for its job, and returns it with the pids the job wrote. */
async function startHost(
  ...args: string[]
): Promise<{ host: ChildProcess; pids: number[]; output: () => string }> {
  const dir = await mkdtemp(join(tmpdir(), "shell-host-signal-"));
  const entry = { dir, pids: [] as number[] };
  started.push(entry);
  const host = spawn(
    process.execPath,
    ["--conditions=@toolkit/source", "--import", "tsx", HOST, dir, ...args],
    { cwd: PACKAGE_DIR, stdio: ["ignore", "pipe", "inherit"] },
  );
  let stdout = "";
  await new Promise<void>((resolve, reject) => {
    host.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes("ready\n")) resolve();
    });
    host.once("exit", (code, signal) => reject(new Error(`host ended early: ${code ?? signal}`)));
  });
  entry.pids = (await readFile(join(dir, "pids"), "utf8")).split("\n").filter(Boolean).map(Number);
  return { host, pids: entry.pids, output: () => stdout };
}

function exitOf(host: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    if (host.exitCode !== null || host.signalCode !== null)
      resolve({ code: host.exitCode, signal: host.signalCode });
    else host.once("exit", (code, signal) => resolve({ code, signal }));
  });
}

// Each case starts a Node host through tsx: slow on a loaded machine, hence the longer timeout.
describe("background jobs when the host is signalled", { timeout: 90_000 }, () => {
  describe.each(["SIGTERM", "SIGINT", "SIGHUP"] as const)("when the host gets %s", (signal) => {
    it("ends every process of every job, and the host still dies of the signal", async () => {
      const { host, pids } = await startHost();
      expect(pids).toHaveLength(3);
      for (const pid of pids) expect(processAlive(pid)).toBe(true);
      host.kill(signal);
      expect(await exitOf(host)).toEqual({ code: null, signal });
      for (const pid of pids) expect(processAlive(pid)).toBe(false);
    });
  });

  describe("when the host handles SIGTERM itself", () => {
    it("ends the jobs and leaves the exit to the host", async () => {
      const { host, pids, output } = await startHost("", "own-handler");
      host.kill("SIGTERM");
      expect(await exitOf(host)).toEqual({ code: 7, signal: null });
      expect(output()).toContain("host handled SIGTERM");
      for (const pid of pids) expect(processAlive(pid)).toBe(false);
    });
  });

  describe.each(["once", "on"] as const)(
    "when the host listens with process.%s before any command runs",
    (how) => {
      it("ends the jobs and leaves the exit to the host's own handler", async () => {
        const { host, pids, output } = await startHost("", `${how}-first`);
        host.kill("SIGTERM");
        expect(await exitOf(host)).toEqual({ code: 0, signal: null });
        expect(output()).toContain(`host handled SIGTERM with ${how}`);
        for (const pid of pids) expect(processAlive(pid)).toBe(false);
      });
    },
  );

  describe("when every command has finished", () => {
    it.each([
      ["no listener", "", 0],
      ["a process.once listener", "once-first", 1],
    ])("leaves the host with %s, as before the command", async (_, handler, count) => {
      const { host, output } = await startHost("", handler, "finished");
      expect(output()).toContain(`listeners after the command: ${count}\n`);
      host.kill("SIGTERM");
      await exitOf(host);
    });
  });

  describe("when the backend opts out with endOnHostSignal: false", () => {
    it("leaves the jobs running, as documented", async () => {
      const { host, pids } = await startHost("opt-out");
      host.kill("SIGTERM");
      expect(await exitOf(host)).toEqual({ code: null, signal: "SIGTERM" });
      for (const pid of pids) expect(processAlive(pid)).toBe(true);
    });
  });
});
