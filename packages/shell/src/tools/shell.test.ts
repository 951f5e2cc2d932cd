import { execFileSync } from "node:child_process";
import { mkdir, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { processAlive } from "../process/process-group.js";
import { UnixBackend } from "../process/unix-backend.js";
import { Shell } from "./shell.js";
import { eventually, pidsIn, pinned, type Sandbox, sandbox } from "./test-helpers.js";

const FIX = "Fix the arguments so they match the tool's input schema, then call it again.";
let box: Sandbox;
const shell = new Shell({ killGraceMs: 300 });
// Pids written by `$$` inside a sandbox belong to its PID namespace: the pid checks below run
// unsandboxed; src/sandbox/sandbox.test.ts checks the same for sandboxed commands by host pid.
const unsandboxed = new Shell({ killGraceMs: 300, sandbox: "off" });

beforeEach(async () => {
  box = await sandbox();
});
afterEach(async () => {
  await box.cleanup();
});

describe("Shell", () => {
  describe("when the command succeeds", () => {
    it("replies with stdout, labelled stderr and the status line", async () => {
      const out = await shell.call({ command: "echo out; echo err >&2" }, box.ctx);
      expect(out.isError).toBe(false);
      expect(pinned(out)).toBe("out\nstderr:\nerr\n[exit 0, N ms]");
    });

    it("replies with the status line alone when nothing is printed", async () => {
      expect(pinned(await shell.call({ command: "true" }, box.ctx))).toBe("[exit 0, N ms]");
    });

    it("collapses carriage-return progress to its last state", async () => {
      const out = await shell.call({ command: "printf '10%%\\r50%%\\r100%%\\ndone'" }, box.ctx);
      expect(pinned(out)).toBe("100%\ndone\n[exit 0, N ms]");
    });
  });

  describe("when the command prints arbitrary text", () => {
    it("returns it unchanged before the status line", async () => {
      await fc.assert(
        fc.asyncProperty(fc.stringMatching(/^[ -~\n\t]{0,60}$/), async (text) => {
          const quoted = `'${text.replaceAll("'", "'\\''")}'`;
          const out = await shell.call({ command: `printf '%s' ${quoted}` }, box.ctx);
          const shown = text === "" || text.endsWith("\n") ? text : `${text}\n`;
          expect(pinned(out)).toBe(`${shown}[exit 0, N ms]`);
        }),
        { numRuns: 25 },
      );
    });
  });

  describe("when the command exits nonzero", () => {
    it("is a soft failure that shows the code", async () => {
      const out = await shell.call({ command: "echo no >&2; exit 3" }, box.ctx);
      expect(out.isError).toBe(true);
      expect(pinned(out)).toBe("stderr:\nno\n[exit 3, N ms]");
    });
  });

  describe("when the shell dies of a signal", () => {
    it("names the signal", async () => {
      const out = await unsandboxed.call({ command: "echo before; kill -SEGV $$" }, box.ctx);
      expect(out.isError).toBe(true);
      expect(pinned(out)).toBe("before\n[killed by SIGSEGV, N ms]");
    });
  });

  describe("when the shell cannot start", () => {
    it.each([
      ["ENOENT", new UnixBackend({ shell: "/nonexistent/bash" }), "true"],
      ["E2BIG", new UnixBackend({ maxArgBytes: 1 << 30 }), `: ${"x".repeat(200 * 1024)}`],
    ])("says why at once (%s)", async (code, backend, command) => {
      const broken = new Shell({ backend });
      const out = await broken.call({ command, timeout_s: 5 }, box.ctx);
      expect(out.isError).toBe(true);
      expect(pinned(out)).toBe(`[could not start the shell (${code}), N ms]`);
    });
  });

  describe("when the command is longer than one argument may be (128 KiB)", () => {
    it("runs it and answers within its timeout", async () => {
      const out = await shell.call(
        { command: `# ${"x".repeat(200 * 1024)}\necho long-ok`, timeout_s: 5 },
        box.ctx,
      );
      expect(pinned(out)).toBe("long-ok\n[exit 0, N ms]");
    });
  });

  describe("when the command would wait for input", () => {
    it("gets end of input at once (cat, read)", async () => {
      const out = await shell.call(
        { command: 'cat; read -p "Name? " x; echo "[$x]"', timeout_s: 30 },
        box.ctx,
      );
      expect(pinned(out)).toBe("[]\n[exit 0, N ms]");
    });
  });

  describe("when the command times out", () => {
    it("kills it and every process it started, keeps the partial output and says what to do", async () => {
      const command =
        "echo $$ > pids; sleep 60 & echo $! >> pids; (sleep 61 & echo $! >> pids; wait) & echo started; sleep 60";
      const out = await unsandboxed.call({ command, timeout_s: 2 }, box.ctx);
      expect(out.isError).toBe(true);
      expect(pinned(out)).toBe(
        "started\n[timed out after 2s and killed with every process it started, N ms]\n" +
          "Retry with a larger `timeout_s` (at most 600), run it with `background: true`, or split the work into smaller steps.",
      );
      const pids = await pidsIn(box.root);
      expect(pids).toHaveLength(3);
      for (const pid of pids) expect(processAlive(pid)).toBe(false);
    });
  });

  describe("when the call is cancelled mid-run", () => {
    it("kills the process group and reports the cancellation", async () => {
      const controller = new AbortController();
      const ctx = box.ctx.withSignal(controller.signal);
      const call = unsandboxed.call({ command: "echo $$ > pids; sleep 60 & echo $! >> pids; sleep 60" }, ctx);
      await eventually(async () =>
        (await pidsIn(box.root).catch(() => [])).length === 2 ? true : undefined,
      );
      controller.abort();
      const out = await call;
      expect(out.isError).toBe(true);
      expect(pinned(out)).toBe("[cancelled and killed with every process it started, N ms]");
      for (const pid of await pidsIn(box.root)) expect(processAlive(pid)).toBe(false);
    });
  });

  describe("when the command floods stdout", () => {
    it("keeps the head and tail, names the bytes left out and saves everything to a file", async () => {
      const bytes = 60_000_000;
      const out = await shell.call({ command: `yes | head -c ${bytes}` }, box.ctx);
      const text = out.textContent();
      expect(text.length).toBeLessThan(300 * 1024);
      const marker = /\n\[\.\.\. (\d+) bytes left out; full stdout saved to (\S+) \.\.\.\]\n/.exec(text);
      expect(marker?.[1]).toBe(String(bytes - 256 * 1024));
      const file = marker?.[2] ?? "";
      expect(file.startsWith(`${box.ctx.tempDir}/shell-`)).toBe(true);
      expect((await stat(file)).size).toBe(bytes);
      expect(text.startsWith("y\ny\n")).toBe(true);
      expect(text).toMatch(/y\ny\n\[exit 0, \d+ ms\]$/);
    });
  });

  describe("when the output outgrows the spill file cap", () => {
    it("stops the file at the cap, keeps the tail and says so", async () => {
      const capped = new Shell({ maxSpillBytes: 1024 * 1024, maxOutputBytes: 1024 });
      const out = await capped.call({ command: "yes | head -c 20000000; echo end" }, box.ctx);
      const text = out.textContent();
      const marker =
        /\n\[\.\.\. (\d+) bytes left out; only the first 1048576 bytes of stdout saved to (\S+) \(the spill file cap\) \.\.\.\]\n/.exec(
          text,
        );
      expect(marker?.[1]).toBe(String(20000004 - 1024));
      expect((await stat(marker?.[2] ?? "")).size).toBe(1024 * 1024);
      expect(text).toMatch(/y\nend\n\[exit 0, \d+ ms\]$/);
    });
  });

  describe("when the session ends", () => {
    it("removes the spill files and the emptied temp directory", async () => {
      const out = await shell.call({ command: "yes | head -c 1000000" }, box.ctx);
      const file = /saved to (\S+) /.exec(out.textContent())?.[1] ?? "";
      expect((await stat(file)).size).toBe(1000000);
      await box.ctx.dispose();
      await expect(stat(file)).rejects.toMatchObject({ code: "ENOENT" });
      await expect(stat(box.ctx.tempDir)).rejects.toMatchObject({ code: "ENOENT" });
    });

    it("keeps a temp directory that holds files of others", async () => {
      const out = await shell.call({ command: "yes | head -c 1000000" }, box.ctx);
      const file = /saved to (\S+) /.exec(out.textContent())?.[1] ?? "";
      await writeFile(join(box.ctx.tempDir, "host-notes.txt"), "mine");
      await box.ctx.dispose();
      await expect(stat(file)).rejects.toMatchObject({ code: "ENOENT" });
      expect((await stat(join(box.ctx.tempDir, "host-notes.txt"))).size).toBe(4);
    });
  });

  describe("when git would start a pager or ask for credentials", () => {
    it("runs git log to the end with pagers and prompts off", async () => {
      // Made on the host: the sandbox moves away a .git that a command creates (policy protect).
      const git = ["-C", box.root, "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"];
      execFileSync("git", ["init", "-q", box.root]);
      execFileSync("git", [...git, "commit", "-q", "--allow-empty", "-m", "first-commit"]);
      const out = await shell.call({ command: "git log --format=%s", timeout_s: 30 }, box.ctx);
      expect(pinned(out)).toBe("first-commit\n[exit 0, N ms]");
      const env = await shell.call(
        { command: 'echo "$PAGER $GIT_PAGER $GIT_TERMINAL_PROMPT $GIT_EDITOR"' },
        box.ctx,
      );
      expect(pinned(env)).toBe("cat cat 0 true\n[exit 0, N ms]");
    });
  });

  describe("when the environment holds secrets", () => {
    it("removes secret-looking names and values unless allowed", async () => {
      const tool = new Shell({
        env: {
          PATH: process.env.PATH,
          MY_API_TOKEN: "s3cret",
          DB_PASSWORD: "pw",
          DATABASE_URL: "postgres://app:hunter2@db/app",
          BUILD_FLAGS: "--key=ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8",
          SSH_AUTH_SOCK: "/sock",
          PLAIN: "v",
          GIT_AUTHOR_NAME: "Ada",
        },
        allowEnv: ["SSH_AUTH_SOCK"],
      });
      const out = await tool.call({ command: "env | sort" }, box.ctx);
      const text = out.textContent();
      for (const leaked of ["s3cret", "DB_PASSWORD", "hunter2", "ghp_"]) expect(text).not.toContain(leaked);
      expect(text).toContain("SSH_AUTH_SOCK=/sock\n");
      expect(text).toContain("PLAIN=v\n");
      expect(text).toContain("GIT_AUTHOR_NAME=Ada\n");
    });
  });

  describe("when cwd is given", () => {
    it("runs inside that directory of the workspace", async () => {
      await mkdir(join(box.root, "sub"));
      expect(pinned(await shell.call({ command: "pwd", cwd: "sub" }, box.ctx))).toBe(
        `${box.root}/sub\n[exit 0, N ms]`,
      );
    });

    it.each([
      ["..", `Permission denied: \`cwd\` ".." is outside the workspace ROOT`],
      ["/etc", `Permission denied: \`cwd\` "/etc" is outside the workspace ROOT`],
    ])("refuses %s", async (cwd, message) => {
      const out = await shell.call({ command: "pwd", cwd }, box.ctx);
      expect(out.isError).toBe(true);
      expect(out.textContent().split("\n")[0]).toBe(message.replace("ROOT", box.root));
    });

    it("refuses a symlink that leads outside", async () => {
      await symlink("/tmp", join(box.root, "out"));
      const out = await shell.call({ command: "pwd", cwd: "out" }, box.ctx);
      expect(out.textContent().split("\n")[0]).toBe(
        `Permission denied: \`cwd\` "out" resolves through a symlink to /tmp, outside the workspace ${box.root}`,
      );
    });

    it("refuses a directory that does not exist, or a file", async () => {
      await writeFile(join(box.root, "f.txt"), "x");
      expect((await shell.call({ command: "pwd", cwd: "nope" }, box.ctx)).textContent()).toBe(
        `Invalid input: \`cwd\` "nope" does not exist in the workspace; pass an existing directory relative to ${box.root}, or leave \`cwd\` out to use the root\n${FIX}`,
      );
      expect((await shell.call({ command: "pwd", cwd: "f.txt" }, box.ctx)).textContent()).toBe(
        `Invalid input: \`cwd\` "f.txt" is a file, not a directory; pass the directory that holds it\n${FIX}`,
      );
    });
  });

  describe("when the input is malformed", () => {
    it.each([
      [{}, "Invalid input: missing required field `command` (expected string)"],
      [{ command: 42 }, "Invalid input: `command` must be string, got integer (42)"],
      [{ command: "ls", timeout_s: 0 }, "Invalid input: `timeout_s` must be >= 1, got integer (0)"],
      [{ command: "ls", timeout_s: -5 }, "Invalid input: `timeout_s` must be >= 1, got integer (-5)"],
      [{ command: "ls", timeout_s: 601 }, "Invalid input: `timeout_s` must be <= 600, got integer (601)"],
      [{ command: "   " }, 'Invalid input: `command` must be a non-empty shell command, got "   "'],
      ["ls", 'Invalid input: expected an object of arguments, got string ("ls")'],
    ])("answers %j with a soft InvalidInput", async (input, message) => {
      const out = await shell.call(input, box.ctx);
      expect(out.isError).toBe(true);
      expect(out.textContent()).toBe(`${message}\n${FIX}`);
    });
  });

  describe("isSafeForConcurrentExecution", () => {
    it.each([
      [{ command: "git log --oneline && ls | wc -l" }, true],
      [{ command: "git status" }, false],
      [{ command: "rm -rf x" }, false],
      [{ command: "ls > out" }, false],
      [{ command: "ls", background: true }, false],
      [{}, false],
      [null, false],
    ])("answers %j with %s", (input, expected) => {
      expect(shell.isSafeForConcurrentExecution(input)).toBe(expected);
    });
  });

  describe("schema", () => {
    it("names the fields and bounds the timeout", () => {
      const schema = shell.schema();
      expect(schema.tool).toBe("Shell");
      expect(schema.input_schema.required).toEqual(["command"]);
      expect(Object.keys(schema.input_schema.properties ?? {})).toEqual([
        "command",
        "timeout_s",
        "cwd",
        "background",
        "tty",
        "description",
      ]);
      expect(schema.input_schema.properties).toMatchObject({ timeout_s: { minimum: 1, maximum: 600 } });
    });
  });
});
