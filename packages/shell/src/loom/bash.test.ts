import { mkdir, readdir, realpath, symlink, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { toolErrorOf } from "@toolkit/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { processAlive } from "../process/process-group.js";
import { UnixBackend } from "../process/unix-backend.js";
import { pidsIn, type Sandbox, sandbox } from "../tools/test-helpers.js";
import { createLoomTools } from "./create-loom-tools.js";

const FIX = "Fix the arguments so they match the tool's input schema, then call it again.";
let box: Sandbox;
const [bash] = createLoomTools({ killGraceMs: 300 });
// Pids written by `$$` inside a sandbox belong to its PID namespace: checked unsandboxed here.
const [unsandboxed] = createLoomTools({ killGraceMs: 300, sandbox: "off" });

beforeEach(async () => {
  box = await sandbox();
});
afterEach(async () => {
  await box.cleanup();
});

describe("createLoomTools", () => {
  describe("bash", () => {
    describe("when the command runs", () => {
      it("answers with Loom's JSON fields", async () => {
        await mkdir(join(box.root, "sub"));
        const out = await bash.call({ command: "pwd; echo warn >&2; exit 2", cwd: "sub" }, box.ctx);
        expect(out.isError).toBe(false);
        expect(out.structuredValue()).toEqual({
          exit_code: 2,
          stdout: `${box.root}/sub\n`,
          stderr: "warn\n",
          timed_out: false,
          truncated: false,
        });
      });
    });

    describe("when the shell is chosen", () => {
      it("runs sh -c, as the Loom document says", async () => {
        const out = await bash.call({ command: "readlink /proc/$$/exe; command -v sh" }, box.ctx);
        const { stdout } = out.structuredValue() as { stdout: string };
        const [exe = "", sh = ""] = stdout.trim().split("\n");
        expect(exe).toBe(await realpath(sh));
      });
    });

    describe("when the command is longer than one argument may be", () => {
      it("runs it", async () => {
        const out = await bash.call({ command: `# ${"x".repeat(200 * 1024)}\necho long-ok` }, box.ctx);
        expect(out.structuredValue()).toMatchObject({ exit_code: 0, stdout: "long-ok\n" });
      });

      it("answers an IO error at once when it cannot start, as Loom does", async () => {
        const [broken] = createLoomTools({ backend: new UnixBackend({ maxArgBytes: 1 << 30 }) });
        const out = await broken.call({ command: `: ${"x".repeat(200 * 1024)}`, timeout_secs: 5 }, box.ctx);
        expect(out.isError).toBe(true);
        expect(out.textContent().split("\n")[0]).toBe("Error: IO error: could not start the shell (E2BIG)");
      });
    });

    describe("when the command times out", () => {
      it("kills it and its children instead of orphaning them", async () => {
        const out = await unsandboxed.call(
          { command: "echo $$ > pids; sleep 60 & echo $! >> pids; echo begun; sleep 60", timeout_secs: 2 },
          box.ctx,
        );
        expect(out.structuredValue()).toEqual({
          exit_code: null,
          stdout: "begun\n",
          stderr: "",
          timed_out: true,
          truncated: false,
        });
        const pids = await pidsIn(box.root);
        expect(pids).toHaveLength(2);
        for (const pid of pids) expect(processAlive(pid)).toBe(false);
      });

      it("kills children that made their own group or session too", async () => {
        const command =
          "set -m; sleep 1000 & echo $! > pids; setsid sh -c 'echo $$ >> pids; exec sleep 1000' & sleep 1000";
        // Host pids written by $$: unsandboxed (sandbox/kill.test.ts covers the sandboxed case).
        const out = await unsandboxed.call({ command, timeout_secs: 2 }, box.ctx);
        expect(out.structuredValue()).toMatchObject({ timed_out: true, exit_code: null });
        const pids = await pidsIn(box.root);
        expect(pids).toHaveLength(2);
        for (const pid of pids) expect(processAlive(pid)).toBe(false);
      });
    });

    describe("when a stream passes 256 KiB", () => {
      it("sets truncated and keeps the stream within the cap plus the marker", async () => {
        const out = await bash.call({ command: "yes abcdefgh | head -c 3000000 >&2" }, box.ctx);
        const value = out.structuredValue() as { stderr: string; truncated: boolean; stdout: string };
        expect(value.truncated).toBe(true);
        expect(value.stdout).toBe("");
        expect(value.stderr.length).toBeLessThan(256 * 1024 + 200);
        expect(value.stderr).toContain(`bytes left out; full stderr saved to ${box.ctx.tempDir}/bash-`);
      });
    });

    describe("when the input is malformed", () => {
      it.each([
        [{ command: "ls", timeout_secs: 301 }, "Error: timeout_secs must be between 1 and 300, got 301"],
        [{ command: "ls", timeout_secs: 0 }, "Error: timeout_secs must be between 1 and 300, got 0"],
        [
          { command: "ls", timeout: 5 },
          "Error: unknown field `timeout`, expected one of `command`, `cwd`, `timeout_secs`",
        ],
        [
          { command: "ls", timeout_secs: 1.5 },
          "Invalid input: `timeout_secs` must be an integer, got number (1.5)",
        ],
        [{}, "Invalid input: missing required field `command` (expected string)"],
      ])("answers %j with a soft error", async (input, message) => {
        const out = await bash.call(input, box.ctx);
        expect([out.isError, out.textContent()]).toEqual([true, `${message}\n${FIX}`]);
      });
    });

    describe("when cwd is outside the workspace or missing", () => {
      it("answers PathOutsideWorkspace for .., an absolute path and a symlink, and runs nothing", async () => {
        const outside = await sandbox();
        await symlink(outside.root, join(box.root, "link"));
        const cases = [
          ["../../../etc", resolve(box.root, "../../../etc")],
          ["/etc", "/etc"],
          ["link", outside.root],
          ["link/new", join(outside.root, "new")],
        ] as const;
        for (const [cwd, shown] of cases) {
          const out = await bash.call({ command: "touch ran", cwd }, box.ctx);
          expect([out.isError, out.textContent()]).toEqual([true, `Error: Path outside workspace: ${shown}`]);
          expect(toolErrorOf(out)).toMatchObject({ loomKind: "PathOutsideWorkspace" });
        }
        expect(await readdir(outside.root)).toEqual([]);
        expect(await readdir(box.root)).toEqual(["link"]);
        await outside.cleanup();
      });

      it("answers a missing cwd as File not found with the joined path", async () => {
        const out = await bash.call({ command: "true", cwd: "nope" }, box.ctx);
        expect(out.textContent()).toBe(`Error: File not found: ${box.root}/nope`);
      });
    });

    describe("when a failure carries advice", () => {
      it("never names Toolkit's Shell, Glob, Tree, Read or Write", async () => {
        await writeFile(join(box.root, "f"), "x");
        const failures = await Promise.all([
          bash.call({ command: "true", cwd: "f" }, box.ctx),
          bash.call({ command: "true", cwd: "" }, box.ctx),
          bash.call({ command: "true", cwd: "a\0b" }, box.ctx),
          bash.call({ command: "true", timeout_secs: 999 }, box.ctx),
          bash.call({ command: "true", extra: 1 }, box.ctx),
        ]);
        for (const out of failures) {
          expect(out.textContent()).toMatch(/^Error: /);
          expect(out.textContent()).not.toMatch(/\b(Shell|Jobs|Glob|Tree|Read|Write|Edit)\b/);
        }
      });
    });

    it("has Loom's wire name and fields", () => {
      const schema = bash.schema();
      expect(schema.tool).toBe("bash");
      expect(Object.keys(schema.input_schema.properties ?? {})).toEqual(["command", "cwd", "timeout_secs"]);
    });
  });
});
