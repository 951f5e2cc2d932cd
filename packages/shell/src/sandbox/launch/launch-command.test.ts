import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { inheritableFds, LAUNCH_FAILED, launchCommand, launcherShell } from "./launch-command.js";

const bash = launcherShell();

function run(options: Parameters<typeof launchCommand>[0], env: NodeJS.ProcessEnv = process.env) {
  const { file, args } = launchCommand(options);
  return spawnSync(file, args, {
    env,
    // Descriptors 3-5 and 12 are open in the launcher, as inherited ones would be.
    stdio: [
      "ignore",
      "pipe",
      "pipe",
      "pipe",
      "pipe",
      "pipe",
      "ignore",
      "ignore",
      "ignore",
      "ignore",
      "ignore",
      "ignore",
      "pipe",
    ],
    encoding: "utf8",
  });
}

describe.skipIf(bash === undefined)("launchCommand", () => {
  it.each([
    ["dash, with none above 9", []],
    ["bash, with one above 9", [12]],
  ])(
    "closes every descriptor above 2 (%s), opens the asked ones, then runs the program",
    (_how, inheritedFds) => {
      const above9 = inheritedFds.length > 0 ? "! [ -e /proc/$$/fd/12 ] && " : "";
      const check = `! [ -e /proc/$$/fd/4 ] && ! [ -e /proc/$$/fd/5 ] && ${above9}cat <&3`;
      const result = run({
        bwrap: "/bin/sh",
        args: ["-c", check],
        readFds: [{ fd: 3, path: "/etc/hostname" }],
        inheritedFds,
      });
      expect(result.stdout).toBe(readFileSync("/etc/hostname", "utf8"));
    },
  );

  it("finds the descriptors this process would pass on", () => {
    expect(inheritableFds().every((fd) => fd > 2)).toBe(true);
  });

  it("refuses a descriptor a POSIX shell cannot name", () => {
    expect(() =>
      launchCommand({ bwrap: "b", args: [], readFds: [{ fd: 10, path: "/x" }], inheritedFds: [] }),
    ).toThrow(new RangeError("launchCommand: fd 10 is not in 3..9"));
  });

  it.each([[[]], [[12]]])("sets RLIMIT_FSIZE, soft and hard (inherited %j)", (inheritedFds) => {
    const result = run({
      bwrap: "/bin/cat",
      args: ["/proc/self/limits"],
      fileBytes: 4 * 1024 * 1024,
      inheritedFds,
    });
    expect(result.stdout).toMatch(/^Max file size +4194304 +4194304 +bytes/m);
  });

  it("ends with 125 and runs nothing when a cgroup cannot be joined", () => {
    const result = run({ bwrap: "/bin/echo", args: ["ran"], cgroupProcs: ["/nonexistent/cgroup.procs"] });
    expect(result.status).toBe(LAUNCH_FAILED);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("sandbox: cannot join the cgroup /nonexistent/cgroup.procs");
  });

  it("runs no function or start-up file from the environment, and passes the environment on", () => {
    const env = {
      PATH: "/usr/bin:/bin",
      "BASH_FUNC_ulimit%%": "() { echo hijacked; }",
      BASH_ENV: "/nonexistent/rc",
      KEPT: "yes",
    };
    const result = run(
      { bwrap: "/bin/sh", args: ["-c", 'echo "$KEPT"'], fileBytes: 1 << 20, inheritedFds: [12] },
      env,
    );
    expect(result.stdout).toBe("yes\n");
  });

  it("quotes paths with quotes in them", () => {
    const { args } = launchCommand({
      bwrap: "b",
      args: [],
      cgroupProcs: ["/x/it's/cgroup.procs"],
      inheritedFds: [],
    });
    expect(args[1]).toContain("'/x/it'\\''s/cgroup.procs'");
  });
});
