import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { dispatch, ToolRegistry } from "@toolkit/registry";
import { Shell } from "@toolkit/shell";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Project, project } from "../testing/test-helpers.js";
import { JsonFileTrustStore, MemoryTrustStore } from "../trust/trust-store.js";
import type { Hooks } from "../engine/create-hooks.js";
import { type LoadHooksOptions, loadHooks } from "./load-hooks.js";

let p: Project;
let home: string;
beforeEach(async () => {
  p = await project();
  home = join(p.dir, "..", "home");
  await mkdir(join(home, ".claude"), { recursive: true });
  await mkdir(join(p.dir, ".claude"), { recursive: true });
});
afterEach(async () => {
  await p.cleanup();
});

const settings = (command: string, matcher = "Bash") =>
  `${JSON.stringify({ permissions: { allow: [] }, hooks: { PreToolUse: [{ matcher, hooks: [{ type: "command", command }] }] } })}\n`;

/** Runs `echo hi` through the hooks and returns the marks the hooks left, in order. */
async function marksAfterCall(hooks: Hooks, marks: string): Promise<string> {
  const registry = new ToolRegistry();
  registry.register(new Shell({ sandbox: "off" }));
  await dispatch(registry, [{ id: "c1", name: "Shell", input: { command: "echo hi" } }], {
    ctx: p.ctx,
    middleware: [hooks.middleware()],
  });
  return readFile(marks, "utf8").catch(() => "");
}

describe("loadHooks", () => {
  const marks = () => join(p.dir, "marks");
  const mark = (name: string) => `echo ${name} >> "${marks()}"`;
  const base = (extra: Partial<LoadHooksOptions> = {}): LoadHooksOptions => ({
    projectDir: p.dir,
    homeDir: home,
    claudeCode: true,
    trust: new MemoryTrustStore(),
    ...extra,
  });

  describe("when several files hold hooks", () => {
    it("merges them in Claude Code's order, then toolkit.hooks.json, then files, then code; all run", async () => {
      const store = new MemoryTrustStore();
      const project = join(p.dir, ".claude", "settings.json");
      const local = join(p.dir, ".claude", "settings.local.json");
      const toolkit = join(p.dir, "toolkit.hooks.json");
      const named = join(p.dir, "..", "named.json");
      await writeFile(join(home, ".claude", "settings.json"), settings(mark("user")));
      await writeFile(project, settings(mark("project")));
      await writeFile(local, settings(mark("local")));
      await writeFile(toolkit, settings(mark("toolkit")));
      await writeFile(named, settings(mark("named")));
      const loaded = await loadHooks(
        base({
          trust: store,
          files: [named],
          code: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: mark("code") }] }] },
          confirm: () => true,
        }),
      );
      expect(loaded.files).toEqual([join(home, ".claude", "settings.json"), project, local, toolkit, named]);
      expect(loaded.hooks.hooks.map((h) => h.source)).toEqual([...loaded.files, "code"]);
      const seen = (await marksAfterCall(loaded.hooks, marks())).trim().split("\n").sort();
      expect(seen).toEqual(["code", "local", "named", "project", "toolkit", "user"]);
    });

    it("reads Claude Code's files only when the host opts in", async () => {
      await writeFile(join(home, ".claude", "settings.json"), settings(mark("user")));
      const loaded = await loadHooks(base({ claudeCode: false }));
      expect(loaded.files).toEqual([]);
    });
  });

  describe("when a project file is not trusted", () => {
    it("does not run; runs once trusted; asks again after the file changes", async () => {
      const file = join(p.dir, ".claude", "settings.json");
      const storePath = join(home, ".toolkit", "trusted-hooks.json");
      const store = new JsonFileTrustStore(storePath);
      await writeFile(file, settings(mark("v1")));

      const first = await loadHooks(base({ trust: store }));
      expect(first.untrusted).toEqual([
        { file, sha256: expect.stringMatching(/^[0-9a-f]{64}$/), changed: false },
      ]);
      expect(await marksAfterCall(first.hooks, marks())).toBe("");

      const asked: unknown[] = [];
      const trusted = await loadHooks(
        base({
          trust: store,
          confirm: (f) => {
            asked.push(f);
            return true;
          },
        }),
      );
      expect(asked).toHaveLength(1);
      expect(trusted.untrusted).toEqual([]);
      expect(await marksAfterCall(trusted.hooks, marks())).toBe("v1\n");
      // Trust persists in the store's file, keyed by the content hash.
      const again = await loadHooks(base({ trust: new JsonFileTrustStore(storePath) }));
      expect(again.untrusted).toEqual([]);

      await writeFile(file, settings(mark("v2")));
      const changed = await loadHooks(
        base({ trust: new JsonFileTrustStore(storePath), confirm: () => false }),
      );
      expect(changed.untrusted).toEqual([{ file, sha256: expect.any(String), changed: true }]);
      expect(await marksAfterCall(changed.hooks, marks())).toBe("v1\n");
    });

    it("the user's own file and files the host names need no trust", async () => {
      await writeFile(join(home, ".claude", "settings.json"), settings(mark("user")));
      const loaded = await loadHooks(base());
      expect(loaded.untrusted).toEqual([]);
      expect(await marksAfterCall(loaded.hooks, marks())).toBe("user\n");
    });
  });

  describe("when hooks are off", () => {
    it("reads nothing and runs nothing", async () => {
      await writeFile(join(home, ".claude", "settings.json"), settings(mark("user")));
      const loaded = await loadHooks(base({ hooks: false }));
      expect(loaded.hooks.hooks).toEqual([]);
      expect(await marksAfterCall(loaded.hooks, marks())).toBe("");
    });
  });

  describe("when a file is wrong", () => {
    it.each([
      ["not JSON", "{ hooks: ", /settings\.json: not valid JSON/],
      ["an array", "[]", /must hold a JSON object with a `hooks` key/],
      [
        "an unknown event",
        JSON.stringify({ hooks: { BeforeEverything: [] } }),
        /`hooks\.BeforeEverything` is not an event Toolkit runs hooks for\. Valid events: PreToolUse, /,
      ],
      [
        "an event no host fires yet",
        JSON.stringify({ hooks: { Notification: [] } }),
        /`hooks\.Notification` is a Claude Code event Toolkit does not fire yet; remove it, or run those hooks elsewhere\. Events Toolkit runs: PreToolUse, PostToolUse, PostToolUseFailure, UserPromptSubmit, Stop, SessionStart, SessionEnd/,
      ],
      [
        "an unknown hook type",
        JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "prompt", prompt: "x" }] }] } }),
        /`hooks\.Stop\[0\]\.hooks\[0\]\.type` must be "command", "http" or "function", got "prompt"/,
      ],
      [
        "an unknown field",
        JSON.stringify({
          hooks: { Stop: [{ hooks: [{ type: "command", command: "x", if: "Bash(rm *)" }] }] },
        }),
        /`hooks\.Stop\[0\]\.hooks\[0\]\.if` is not a field Toolkit understands\. Valid fields: type, command, timeout, onFailure/,
      ],
      [
        "a bad regular expression",
        JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash(", hooks: [] }] } }),
        /`hooks\.PreToolUse\[0\]\.matcher` is not a valid regular expression: "Bash\("/,
      ],
      [
        "a bad timeout",
        JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "x", timeout: -1 }] }] } }),
        /`hooks\.Stop\[0\]\.hooks\[0\]\.timeout` must be a positive number of seconds, got -1/,
      ],
    ])("refuses %s, naming the file and field", async (_what, text, message) => {
      await writeFile(join(home, ".claude", "settings.json"), text);
      await expect(loadHooks(base())).rejects.toThrow(message);
    });
  });
});
