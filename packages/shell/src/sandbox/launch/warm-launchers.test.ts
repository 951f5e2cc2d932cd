import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { finished } from "node:stream/promises";
import { join } from "node:path";
import { createToolContext } from "@toolkit/core";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { Shell } from "../../tools/shell.js";
import { DEFAULT_LIMITS } from "../limits/limits-option.js";
import { skipWithoutBwrap } from "../test-helpers.js";
import { launchCommand, launcherShell } from "./launch-command.js";
import { endWarmLaunchers, type LaunchPlan, launchSandboxed, prewarm } from "./warm-launchers.js";

/** A plan whose "bubblewrap" is printf: the launched process prints the command it was given. */
function plan(overrides: Partial<LaunchPlan> = {}): LaunchPlan {
  return {
    bwrap: "/usr/bin/printf",
    args: ["%s"],
    readFds: [],
    limits: DEFAULT_LIMITS,
    cgroupRoot: null,
    env: { PATH: "/usr/bin:/bin" },
    cwd: tmpdir(),
    ...overrides,
  };
}

async function output(launched: ReturnType<typeof launchSandboxed>): Promise<string> {
  const chunks: Buffer[] = [];
  launched.child.stdout.on("data", (c: Buffer) => chunks.push(c));
  // The exit may come before the last bytes are read: wait for the stream's end too.
  await Promise.all([launched.child.exited, finished(launched.child.stdout)]);
  return Buffer.concat(chunks).toString();
}

afterEach(() => endWarmLaunchers());

describe.skipIf(launcherShell() === undefined)("launchCommand with commandFromStdin", () => {
  it("appends exactly the command it reads after `go`, whatever its lines and quotes", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("a", " ", "\n", "\\", "'", '"', "$", "é", "\t") }),
        (command) => {
          const { file, args } = launchCommand({
            bwrap: "/usr/bin/printf",
            args: ["%s"],
            commandFromStdin: true,
          });
          const result = spawnSync(file, args, { input: `go\n${command}`, encoding: "utf8" });
          expect(result.stdout).toBe(command);
        },
      ),
      { numRuns: 60 },
    );
  });

  it.each([
    ["stdin ends at once", ""],
    ["the first line is not go", "run\necho hi"],
  ])("runs nothing and exits 0 when %s", (_why, input) => {
    const { file, args } = launchCommand({ bwrap: "/usr/bin/printf", args: ["ran"], commandFromStdin: true });
    const result = spawnSync(file, args, { input, encoding: "utf8" });
    expect([result.status, result.stdout]).toEqual([0, ""]);
  });

  it("gives the program /dev/null as stdin", () => {
    const { file, args } = launchCommand({ bwrap: "/bin/sh", args: ["-c"], commandFromStdin: true });
    const result = spawnSync(file, args, { input: "go\nreadlink /proc/$$/fd/0", encoding: "utf8" });
    expect(result.stdout.trim()).toBe("/dev/null");
  });
});

describe("launchSandboxed", () => {
  describe("when a launcher was started ahead for the same plan", () => {
    it("sends the command to it instead of starting another", async () => {
      expect(launchSandboxed(plan(), "cold").child.stdin).toBeUndefined();
      prewarm(plan());
      const launched = launchSandboxed(plan(), "hello\nworld");
      expect(launched.child.stdin).toBeDefined();
      expect(await output(launched)).toBe("hello\nworld");
    });
  });

  describe("when anything but the command differs from the waiting launcher's plan", () => {
    it.each([
      ["the arguments", { args: ["<%s>"] }],
      ["the environment", { env: { PATH: "/usr/bin:/bin", EXTRA: "1" } }],
      ["the working directory", { cwd: "/" }],
      ["the caps", { limits: { ...DEFAULT_LIMITS, processes: 7 } }],
    ])("launches cold with the new plan (%s)", async (_what, change) => {
      prewarm(plan());
      const launched = launchSandboxed(plan(change), "x");
      expect(launched.child.stdin).toBeUndefined();
      const out = await output(launched);
      expect(out).toBe("args" in change ? "<x>" : "x");
    });
  });

  describe("when the waiting launcher died", () => {
    it("launches cold and still runs the command", async () => {
      prewarm(plan());
      endWarmLaunchers();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const launched = launchSandboxed(plan(), "still runs");
      expect(await output(launched)).toBe("still runs");
    });
  });

  describe("when the environment holds one of the launcher's own variables", () => {
    it("launches cold and passes the variable on unchanged", async () => {
      const env = { PATH: "/usr/bin:/bin", TOOLKIT_LAUNCH_CMD: "mine" };
      const p = plan({ bwrap: "/bin/sh", args: ["-c"], env });
      prewarm(p);
      const launched = launchSandboxed(p, 'printf %s "$TOOLKIT_LAUNCH_CMD"');
      expect(launched.child.stdin).toBeUndefined();
      expect(await output(launched)).toBe("mine");
    });
  });
});

describe.skipIf(skipWithoutBwrap("the warm launcher through the Shell tool"))(
  "Shell with a warm launcher",
  () => {
    it("binds a .git made between two commands read-only (the changed mounts launch cold)", async () => {
      const dir = await mkdtemp(join(tmpdir(), "warm-git-"));
      const ctx = createToolContext({ cwd: dir });
      const shell = new Shell({ sandbox: "required" });
      try {
        // Both commands write, so they run with the same environment: only the mounts tell them apart.
        expect((await shell.call({ command: "echo 1 > first.txt" }, ctx)).isError).toBe(false);
        // The next launcher for the same mounts is started once the first command's cgroups are free.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await mkdir(join(dir, ".git"));
        const reply = await shell.call({ command: "echo '[core]' > .git/config" }, ctx);
        expect(reply.isError).toBe(true);
        await expect(stat(join(dir, ".git", "config"))).rejects.toMatchObject({ code: "ENOENT" });
        // And with the mounts unchanged, the warm launcher runs commands as the cold one does.
        await new Promise((resolve) => setTimeout(resolve, 300));
        const again = await shell.call({ command: "echo ok > out.txt; readlink /proc/self/fd/0" }, ctx);
        expect(again.textContent().split("\n")[0]).toBe("/dev/null");
        expect(await readFile(join(dir, "out.txt"), "utf8")).toBe("ok\n");
      } finally {
        await ctx.dispose();
        await rm(dir, { recursive: true, force: true });
      }
    });
  },
);
