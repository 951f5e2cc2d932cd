import { join } from "node:path";
import { createToolContext } from "@toolkit/core";
import { createFsTools } from "@toolkit/fs";
import { registryWith, runOne } from "@toolkit/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { createLsp } from "../create-lsp.js";
import { withDiagnostics } from "../middleware/with-diagnostics.js";
import { alive, groupMembers } from "../testing/test-process-group.js";
import { type TempProject, THREE_FILES, tempProject } from "../testing/test-projects.js";
import { createLspTools } from "../tools/create-lsp-tools.js";
import type { Lsp } from "./lsp.js";

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function setUp(): Promise<{ project: TempProject; lsp: Lsp }> {
  const project = await tempProject(THREE_FILES);
  const lsp = createLsp({ root: project.root });
  cleanup.push(
    () => project.remove(),
    () => lsp.dispose(),
  );
  return { project, lsp };
}

/** Resolves once the session has seen the server exit. */
function exited(lsp: Lsp, pid: number): Promise<void> {
  return new Promise((resolve) => {
    const poll = () => (lsp.pids().includes(pid) ? setTimeout(poll, 20) : resolve());
    poll();
  });
}

// Real servers start cold on a loaded machine: more time than the shared 30 s.
describe("Lsp", { timeout: 90_000 }, () => {
  describe("when disposed", () => {
    it("leaves no process of the server's group behind", async () => {
      const { project, lsp } = await setUp();
      await lsp.warmUp(join(project.root, "src/a.ts"));
      const [leader] = lsp.pids();
      expect(leader).toBeTypeOf("number");
      const members = groupMembers(leader as number);
      // typescript-language-server and the tsserver processes it forked.
      expect(members.length).toBeGreaterThan(1);
      await lsp.dispose();
      expect(members.filter(alive)).toEqual([]);
      expect(lsp.pids()).toEqual([]);
    });
  });

  describe("when the server is killed mid-session", () => {
    it("restarts it once with a note, and not a second time", async () => {
      const { project, lsp } = await setUp();
      const ctx = createToolContext({ cwd: project.root, isNonInteractive: true });
      const registry = registryWith(...createLspTools(lsp));
      const definition = async () =>
        (
          await runOne(
            registry,
            [],
            { name: "Definition", input: { path: "src/c.ts", symbol: "add" } },
            { ctx },
          )
        ).output;
      expect((await definition()).textContent()).toBe(
        "src/a.ts:1:17: export function add(a: number, b: number): number {",
      );

      const [first] = lsp.pids();
      const firstGroup = groupMembers(first as number);
      process.kill(first as number, "SIGKILL");
      await exited(lsp, first as number);
      expect((await definition()).textContent()).toBe(
        [
          "Note: the typescript language server exited (signal SIGKILL) and was restarted.",
          "",
          "src/a.ts:1:17: export function add(a: number, b: number): number {",
        ].join("\n"),
      );
      // The crashed server's helpers (tsserver) went with it.
      expect(firstGroup.filter(alive)).toEqual([]);

      const [second] = lsp.pids();
      expect(second).not.toBe(first);
      process.kill(second as number, "SIGKILL");
      await exited(lsp, second as number);
      const out = await definition();
      expect(out.isError).toBe(true);
      expect(out.textContent()).toMatch(
        /^Execution error: The typescript language server exited again \(signal SIGKILL\); it is not restarted in this session\./,
      );
      expect(lsp.pids()).toEqual([]);
    });
  });

  describe("when a language's server is not installed", () => {
    it("says so in one line, in the first reply that needs it only", async () => {
      const project = await tempProject({ "notes/a.fake": "x\n" });
      const lsp = createLsp({
        root: project.root,
        builtins: false,
        servers: [
          {
            id: "fake",
            languages: { ".fake": "fake" },
            command: "toolkit-no-such-language-server",
            args: ["--stdio"],
            install: "npm i -D toolkit-no-such-language-server",
            rootMarkers: [],
          },
        ],
      });
      cleanup.push(
        () => project.remove(),
        () => lsp.dispose(),
      );
      const ctx = createToolContext({ cwd: project.root, isNonInteractive: true });
      const registry = registryWith(...createFsTools());
      const write = async (content: string) =>
        (
          await runOne(
            registry,
            [withDiagnostics(lsp)],
            { name: "Write", input: { file_path: "notes/b.fake", content } },
            { ctx },
          )
        ).output.textContent();
      const line =
        "No fake language server: `toolkit-no-such-language-server` is not in node_modules/.bin or on PATH; install it (`npm i -D toolkit-no-such-language-server`).";
      expect(await write("one\n")).toMatch(
        new RegExp(`\\n\\n${line.replace(/[.*+?^${}()|[\]\\`]/g, "\\$&")}$`),
      );
      expect(await write("two\n")).not.toContain("language server");
    });
  });
});
