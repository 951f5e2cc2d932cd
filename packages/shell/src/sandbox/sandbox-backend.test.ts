import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LoomBash } from "../loom/bash.js";
import { Shell } from "../tools/shell.js";
import { pinned, type Sandbox, sandbox } from "../tools/test-helpers.js";
import { detectSandbox } from "./detect-sandbox.js";

let box: Sandbox;
/** A bubblewrap that is not there: the commands run unsandboxed or not at all. */
const noBwrap = { bwrapPath: "/nonexistent/bwrap" };
const missing = "bwrapPath /nonexistent/bwrap does not exist";

beforeEach(async () => {
  box = await sandbox();
});
afterEach(async () => {
  await box.cleanup();
});

describe("detectSandbox", () => {
  describe("when bwrap is not at bwrapPath", () => {
    it("says so", async () => {
      expect(await detectSandbox({ platform: "linux", ...noBwrap })).toEqual({
        kind: "none",
        reason: missing,
      });
    });
  });

  describe("when the platform has no sandbox", () => {
    it("says so", async () => {
      expect(await detectSandbox({ platform: "win32" })).toEqual({
        kind: "none",
        reason: "no sandbox is supported on win32",
      });
    });
  });
});

describe("the sandbox option", () => {
  describe('when it is "required" and no sandbox is available', () => {
    it("refuses to run the command", async () => {
      const shell = new Shell({ sandbox: "required", ...noBwrap });
      const out = await shell.call({ command: "echo ran > ran.txt" }, box.ctx);
      expect(out.isError).toBe(true);
      expect(out.textContent().split("\n")[0]).toBe(
        `Execution error: no sandbox is available on this machine (${missing})`,
      );
      const policy = new Shell({ sandbox: { network: "host" }, ...noBwrap });
      expect((await policy.call({ command: "true" }, box.ctx)).textContent().split("\n")[0]).toBe(
        `Execution error: no sandbox is available on this machine (${missing})`,
      );
    });
  });

  describe('when it is "auto" and no sandbox is available', () => {
    it("runs unsandboxed and says so once per session, in the first reply", async () => {
      const shell = new Shell(noBwrap);
      const bash = new LoomBash(noBwrap);
      const note = `Note: commands run without a sandbox on this machine (${missing}): they can read and write whatever this user can and reach the network.`;
      expect(pinned(await shell.call({ command: "echo one" }, box.ctx))).toBe(`one\n[exit 0, N ms]\n${note}`);
      expect(pinned(await shell.call({ command: "echo two" }, box.ctx))).toBe("two\n[exit 0, N ms]");
      expect((await bash.call({ command: "echo three" }, box.ctx)).structuredValue()).toEqual({
        exit_code: 0,
        stdout: "three\n",
        stderr: "",
        timed_out: false,
        truncated: false,
      });
      const other = await sandbox();
      try {
        expect((await bash.call({ command: "true" }, other.ctx)).structuredValue()).toMatchObject({
          stderr: `${note}\n`,
        });
      } finally {
        await other.cleanup();
      }
    });
  });
});
