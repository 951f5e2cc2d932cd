import { execFile } from "node:child_process";
import { mkdtemp, readlink, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { createToolContext } from "@toolkit/core";
import { registryWith, runOne } from "@toolkit/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLsp } from "../create-lsp.js";
import { findOnPath } from "../server/find-command.js";
import type { Lsp } from "../session/lsp.js";
import { alive, descendants } from "../testing/test-process-group.js";
import { type TempProject, THREE_FILES, tempProject } from "../testing/test-projects.js";
import { createLspTools } from "../tools/create-lsp-tools.js";
import { bwrapServers } from "./bwrap-servers.js";

const run = promisify(execFile);
const bwrap = findOnPath("bwrap");
let usable = false;
if (bwrap) {
  usable = await run(bwrap, ["--unshare-all", "--ro-bind", "/", "/", "true"]).then(
    () => true,
    () => false,
  );
}
const skip = !usable;
if (skip) {
  if (process.env.CI === "true") {
    it("bwrapServers needs bubblewrap", () => {
      throw new Error("bubblewrap is required in CI (apt-get install -y bubblewrap)");
    });
  } else {
    console.log("skipping bwrapServers: install the Debian package bubblewrap");
  }
}

let project: TempProject;
let cacheDir: string;

beforeAll(async () => {
  project = await tempProject(THREE_FILES);
  cacheDir = await mkdtemp(join(tmpdir(), "toolkit-lsp-cache-"));
});

afterAll(async () => {
  await project?.remove();
  if (cacheDir) await rm(cacheDir, { recursive: true, force: true });
});

// Real servers start cold on a loaded machine: more time than the shared 30 s.
describe.skipIf(skip)("bwrapServers", { timeout: 90_000 }, () => {
  describe("the wrapped command", () => {
    it("reads the workspace, cannot write it, writes the cache dir, and has no network", async () => {
      const wrap = bwrapServers({ cacheDir });
      const script = [
        `cat ${join(project.root, "src/a.ts")} >/dev/null && echo read-ok`,
        `touch ${join(project.root, "x")} 2>/dev/null && echo wrote-workspace || echo workspace-ro`,
        `touch ${join(cacheDir, "c")} && echo cache-ok`,
        "cat /etc/hostname >/dev/null; (exec 3<>/dev/tcp/1.1.1.1/80) 2>/dev/null && echo net || echo no-net",
      ].join("; ");
      const { command, args, sameProcessView } = wrap({
        command: "/bin/bash",
        args: ["-c", script],
        root: project.root,
      });
      expect(sameProcessView).toBe(false);
      const { stdout } = await run(command, [...args]);
      expect(stdout.trim().split("\n")).toEqual(["read-ok", "workspace-ro", "cache-ok", "no-net"]);
    });
  });

  describe("with createLsp", () => {
    let lsp: Lsp;
    afterAll(async () => lsp?.dispose());

    it("runs typescript-language-server in its own PID namespace, with no client pid, and answers", async () => {
      lsp = createLsp({ root: project.root, wrapCommand: bwrapServers({ cacheDir }) });
      const ctx = createToolContext({ cwd: project.root, isNonInteractive: true });
      const registry = registryWith(...createLspTools(lsp));
      const { output } = await runOne(
        registry,
        [],
        { name: "Definition", input: { path: "src/c.ts", symbol: "add" } },
        { ctx },
      );
      expect(output.textContent()).toBe("src/a.ts:1:17: export function add(a: number, b: number): number {");
      const [leader] = lsp.pids();
      const ours = await readlink("/proc/self/ns/pid");
      const inside = descendants(leader as number);
      const namespaces = await Promise.all(
        inside.map((pid) => readlink(`/proc/${pid}/ns/pid`).catch(() => ours)),
      );
      expect(namespaces.some((ns) => ns !== ours)).toBe(true);
      await lsp.dispose();
      expect(inside.filter(alive)).toEqual([]);
    });
  });
});
