import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { LAUNCH_FAILED, launchCommand, launcherShell } from "./launch-command.js";

const bash = launcherShell();

function run(options: Parameters<typeof launchCommand>[1]) {
  const { file, args } = launchCommand(bash ?? "/bin/bash", options);
  return spawnSync(file, args, {
    stdio: ["ignore", "pipe", "pipe", "pipe", "pipe", "pipe"],
    encoding: "utf8",
  });
}

describe.skipIf(bash === undefined)("launchCommand", () => {
  it("closes every descriptor above 2 but the kept ones, then runs the program", () => {
    const check = "[ -e /proc/$$/fd/4 ] && ! [ -e /proc/$$/fd/3 ] && ! [ -e /proc/$$/fd/5 ] && echo ok";
    const result = run({ bwrap: "/bin/sh", args: ["-c", check], keepFds: [4] });
    expect(result.stdout).toBe("ok\n");
  });

  it("sets RLIMIT_FSIZE, soft and hard", () => {
    const result = run({ bwrap: "/bin/cat", args: ["/proc/self/limits"], fileBytes: 4 * 1024 * 1024 });
    expect(result.stdout).toMatch(/^Max file size +4194304 +4194304 +bytes/m);
  });

  it("ends with 125 and runs nothing when a cgroup cannot be joined", () => {
    const result = run({ bwrap: "/bin/echo", args: ["ran"], cgroupProcs: ["/nonexistent/cgroup.procs"] });
    expect(result.status).toBe(LAUNCH_FAILED);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("sandbox: cannot join the cgroup /nonexistent/cgroup.procs");
  });

  it("quotes paths with quotes in them", () => {
    const { args } = launchCommand("/bin/bash", {
      bwrap: "b",
      args: [],
      cgroupProcs: ["/x/it's/cgroup.procs"],
    });
    expect(args[1]).toContain("'/x/it'\\''s/cgroup.procs'");
  });
});
