import { spawn } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openPidWindow, pidState, scanFloor } from "./pid-window.js";
import { ProcessTree } from "./process-tree.js";

const window = { openedMs: 1000, threads: 300 };
const state = { nowMs: 1005, lastPid: 5000, pidMax: 32768, cpus: 2 };

describe("scanFloor", () => {
  describe("when the counter has not gone round since the spawn", () => {
    it("reads from the root's pid up", () => {
      expect(scanFloor(window, 4000, state)).toBe(4000);
    });
  });

  describe("when something makes a wrap possible", () => {
    it.each([
      ["the last pid is below the root (the counter wrapped)", { ...state, lastPid: 3999 }],
      [
        "more time passed than the fastest wrap takes (32168 pids / 2 CPUs at 1 us)",
        { ...state, nowMs: 1017 },
      ],
      ["more CPUs make the fastest wrap shorter", { ...state, cpus: 64 }],
      ["a lowered pid_max leaves no room", { ...state, pidMax: 400 }],
      ["an unreadable CPU count", { ...state, cpus: 0 }],
      ["an unreadable last pid", { ...state, lastPid: Number.NaN }],
    ])("scans every pid: %s", (_why, now) => {
      expect(scanFloor(window, 4000, now)).toBeUndefined();
    });
  });

  describe("when the inputs are arbitrary", () => {
    it("vouches only while the time is shorter than the fastest wrap, and only for the root's pid", () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 301, max: 4_194_304 }),
          fc.integer({ min: 0, max: 100_000 }),
          fc.integer({ min: 1, max: 4_194_304 }),
          fc.integer({ min: 1, max: 4_194_304 }),
          fc.integer({ min: 1, max: 512 }),
          fc.double({ min: 0, max: 10_000, noNaN: true }),
          (pidMax, threads, root, lastPid, cpus, elapsedMs) => {
            const floor = scanFloor({ openedMs: 0, threads }, root, {
              nowMs: elapsedMs,
              lastPid,
              pidMax,
              cpus,
            });
            if (floor === undefined) return;
            expect(floor).toBe(root);
            expect(lastPid).toBeGreaterThanOrEqual(root);
            expect(elapsedMs * 1000 * cpus).toBeLessThan(pidMax - 300 - threads);
          },
        ),
      );
    });
  });
});

describe("openPidWindow and pidState", () => {
  it("read this machine's counters, and a child spawned after opening lies above the floor", async () => {
    const opened = openPidWindow();
    expect(opened).toBeDefined();
    const child = spawn("sleep", ["0.2"], { stdio: "ignore" });
    const now = pidState();
    expect(now?.lastPid).toBeGreaterThanOrEqual(child.pid ?? Number.POSITIVE_INFINITY);
    await new Promise((resolve) => child.once("exit", resolve));
  });
});

describe("ProcessTree", () => {
  describe("when the pid window vouches for a floor", () => {
    it("still finds a marked process that left the session after the root exited", async () => {
      const marker = `TOOLKIT_TEST_MARK=${process.pid}-${Date.now()}`;
      const [name, value] = marker.split("=") as [string, string];
      const opened = openPidWindow();
      const root = spawn("sh", ["-c", "setsid sleep 30 </dev/null >/dev/null 2>&1 & echo $!"], {
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", [name]: value },
        stdio: ["ignore", "pipe", "ignore"],
        detached: true,
      });
      let out = "";
      root.stdout.on("data", (c: Buffer) => {
        out += c.toString();
      });
      const tree = new ProcessTree(root.pid as number, marker, opened);
      await new Promise((resolve) => root.once("close", resolve));
      const escaped = Number(out.trim());
      try {
        expect(tree.scan().map((s) => s.pid)).toContain(escaped);
        expect(tree.signal("SIGKILL")).toBe(true);
      } finally {
        try {
          process.kill(escaped, "SIGKILL");
        } catch {
          // already killed by the tree
        }
      }
    });
  });
});
