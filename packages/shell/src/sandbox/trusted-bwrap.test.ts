import { chmod, chown, mkdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Shell } from "../tools/shell.js";
import { pinned, type Sandbox, sandbox } from "../tools/test-helpers.js";
import { detectSandbox } from "./detect-sandbox.js";
import { skipWithoutBwrap } from "./test-helpers.js";
import { trustedBwrap } from "./trusted-bwrap.js";

/** A "bwrap" that drops every option and runs what follows `--` (or its last argument): no sandbox at all. */
const FAKE_BWRAP = [
  "#!/bin/sh",
  'case " $* " in *" -- "*) ;; *) for last in "$@"; do :; done; exec "$last" ;; esac',
  'while [ "$1" != "--" ]; do shift; done',
  'shift; exec "$@"',
  "",
].join("\n");

let box: Sandbox;
let fakeDir: string;
let fake: string;
let outside: string;

beforeEach(async () => {
  box = await sandbox();
  fakeDir = join(box.root, "..", "bin");
  await mkdir(fakeDir, { mode: 0o755 });
  fake = join(fakeDir, "bwrap");
  await writeFile(fake, FAKE_BWRAP, { mode: 0o755 });
  outside = join(box.root, "..", "outside.txt");
});
afterEach(async () => {
  await box.cleanup();
});

const isRoot = process.getuid?.() === 0;

describe.skipIf(skipWithoutBwrap("the bwrap lookup tests"))("which bwrap runs", () => {
  describe("when a fake bwrap comes first on the command's PATH", () => {
    it("runs the real one: a write outside the workspace fails", async () => {
      const shell = new Shell({
        sandbox: "required",
        env: { ...process.env, PATH: `${fakeDir}:${process.env.PATH}` },
      });
      const out = await shell.call({ command: `echo escaped > ${outside}` }, box.ctx);
      expect(out.isError).toBe(true);
      expect(out.textContent()).toContain("Read-only file system");
      await expect(stat(outside)).rejects.toMatchObject({ code: "ENOENT" });
    });
  });

  describe.skipIf(!isRoot)("when `bwrapPath` is a fake owned by root", () => {
    it('"required" refuses after the probe', async () => {
      const shell = new Shell({ sandbox: "required", bwrapPath: fake });
      const out = await shell.call({ command: `echo escaped > ${outside}` }, box.ctx);
      expect(out.textContent().split("\n")[0]).toBe(
        `Execution error: no sandbox is available on this machine (the sandbox probe failed: a write outside the writable places went through (${fake}))`,
      );
      await expect(stat(outside)).rejects.toMatchObject({ code: "ENOENT" });
    });

    it('"auto" runs unsandboxed with its one-line note', async () => {
      const shell = new Shell({ sandbox: "auto", bwrapPath: fake });
      expect(pinned(await shell.call({ command: "echo hi" }, box.ctx))).toBe(
        `hi\n[exit 0, N ms]\nNote: commands run without a sandbox on this machine (the sandbox probe failed: a write outside the writable places went through (${fake})): they can read and write whatever this user can and reach the network.`,
      );
    });
  });
});

describe("trustedBwrap", () => {
  it("finds bwrap in the system directories only", () => {
    const found = trustedBwrap();
    if ("path" in found)
      expect(["/usr/bin/bwrap", "/usr/local/bin/bwrap", "/bin/bwrap"]).toContain(found.path);
    else expect(found.problem).toBe("bubblewrap (bwrap) is not installed in /usr/bin, /usr/local/bin, /bin");
  });

  it("reports a bwrapPath that does not exist", () => {
    expect(trustedBwrap("/nonexistent/bwrap")).toEqual({
      problem: "bwrapPath /nonexistent/bwrap does not exist",
    });
  });

  it("refuses a bwrap writable by group or others", async () => {
    await chmod(fake, 0o775);
    expect(trustedBwrap(fake)).toEqual({
      problem: `${fake} is not safe to run: it is writable by group or others (mode 0775)`,
    });
  });

  it("refuses a bwrap in a directory others can write to", async () => {
    await chmod(fakeDir, 0o777);
    expect(trustedBwrap(fake)).toEqual({
      problem: `${fake} is not safe to run: its directory ${fakeDir} is writable by group or others (mode 0777)`,
    });
  });

  it.skipIf(!isRoot)("refuses a bwrap not owned by root", async () => {
    await chown(fake, 1234, 1234);
    expect(trustedBwrap(fake)).toEqual({
      problem: `${fake} is not safe to run: it is owned by uid 1234, not root`,
    });
  });

  it("refuses a relative bwrapPath as a programmer error", () => {
    expect(() => new Shell({ bwrapPath: "bin/bwrap" })).toThrow(
      new TypeError('Shell: `bwrapPath` must be an absolute path to bubblewrap, got "bin/bwrap"'),
    );
  });

  it("is what detectSandbox reports when it fails", async () => {
    await chmod(fake, 0o777);
    expect(await detectSandbox({ platform: "linux", bwrapPath: fake })).toEqual({
      kind: "none",
      reason: `${fake} is not safe to run: it is writable by group or others (mode 0777)`,
    });
  });
});
