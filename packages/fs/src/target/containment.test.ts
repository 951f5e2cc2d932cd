import { mkdir, mkdtemp, readdir, readFile, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { Workspace as CoreWorkspace, createToolContext, inside, type Tool } from "@toolkit/core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFsTools } from "../create-fs-tools.js";
import type { FileSource } from "../source/file-source.js";
import { Workspace } from "../index.js";
import { LocalFileSource } from "@toolkit/core";
import { createLoomTools } from "../loom/create-loom-tools.js";
import { wrapSource } from "../source/test-helpers.js";

let base: string;
let root: string;
let outside: string;
let before: string;

/** Every path and file content under `dir` except its `root` (links shown as links). */
async function snapshot(dir: string): Promise<string> {
  const out: string[] = [];
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  async function walk(d: string, depth: number): Promise<void> {
    for (const e of (await readdir(d, { withFileTypes: true })).sort(byName)) {
      const p = join(d, e.name);
      if (depth === 0 && e.name === "root") continue;
      if (e.isDirectory()) {
        out.push(`${relative(dir, p)}/`);
        await walk(p, depth + 1);
      } else if (e.isFile()) {
        out.push(`${relative(dir, p)} = ${await readFile(p, "utf8")}`);
      } else {
        out.push(`${relative(dir, p)} -> link`);
      }
    }
  }
  await walk(dir, 0);
  return out.join("\n");
}

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), "toolkit-fs-contain-")));
  root = join(base, "root");
  outside = join(base, "outside");
  await mkdir(join(root, "sub"), { recursive: true });
  await mkdir(join(root, "ünï"));
  await mkdir(outside);
  await mkdir(join(base, "rootevil"));
  await writeFile(join(root, "sub", "file.txt"), "inside\n");
  await writeFile(join(outside, "secret.txt"), "TOP-SECRET\n");
  await writeFile(join(base, "rootevil", "secret.txt"), "TOP-SECRET\n");
  await symlink("sub", join(root, "in-link"));
  await symlink(outside, join(root, "out-link"));
  await symlink(join(outside, "secret.txt"), join(root, "out-file"));
  await symlink(join(outside, "missing", "deeper"), join(root, "dangle-out"));
  await symlink("..", join(root, "up-link"));
  await symlink("loop", join(root, "loop"));
  before = await snapshot(base);
});
afterAll(() => rm(base, { recursive: true, force: true }));

/** A LocalFileSource that records every path it is asked to read, write or list. */
function recordingSource(seen: string[]): FileSource {
  const local = new LocalFileSource({ fsync: false });
  const record = (path: string): string => {
    seen.push(path);
    return path;
  };
  return wrapSource(local, {
    open: (p, o) => local.open(record(p), o),
    writeFile: (p, d, o) => local.writeFile(record(p), d, o),
    list: (p, o) => local.list(record(p), o),
  });
}

const segment = fc.constantFrom(
  ".",
  "..",
  "...",
  ".hidden",
  "sub",
  "file.txt",
  "in-link",
  "out-link",
  "out-file",
  "dangle-out",
  "up-link",
  "loop",
  "ünï",
  "é ü",
  "new",
  "secret.txt",
  "rootevil",
  "outside",
  "root",
);
const prefix = fc.constantFrom("", "./", "/", "ROOT/", "BASE/", "OUTSIDE/", "file://", "http://x/");
const pathArb = fc
  .tuple(prefix, fc.array(segment, { minLength: 1, maxLength: 5 }), fc.boolean())
  .map(([p, segs, nul]) => {
    const head = p.replace("ROOT", root).replace("BASE", base).replace("OUTSIDE", outside);
    const path = head + segs.join("/");
    return nul ? `${path}\0x` : path;
  });

describe("Workspace", () => {
  describe("when imported from @toolkit/fs", () => {
    it("is core's Workspace", () => {
      expect(Workspace).toBe(CoreWorkspace);
    });
  });
  describe("when tools get paths with .., absolute parts, symlinks, unicode and dots", () => {
    it("never reads, creates or writes anything outside the root", async () => {
      const seen: string[] = [];
      const source = recordingSource(seen);
      const workspace = new Workspace({ root });
      const fsTools = createFsTools({ workspace, source });
      const loomTools = createLoomTools({ workspace, source });
      const [read, write, edit] = fsTools;
      const [readFile_, editFile, listFiles] = loomTools;
      const calls: Array<[Tool, (p: string) => Record<string, unknown>]> = [
        [read, (p) => ({ file_path: p })],
        [write, (p) => ({ file_path: p, content: "PWNED" })],
        [edit, (p) => ({ file_path: p, old_string: "", new_string: "PWNED" })],
        [editFile, (p) => ({ path: p, edits: [{ old_str: "", new_str: "PWNED" }] })],
        [readFile_, (p) => ({ path: p })],
        [listFiles, (p) => ({ path: p, recursive: true, max_depth: 3 })],
      ];
      const tally = { ok: 0, refused: 0 };
      await fc.assert(
        fc.asyncProperty(pathArb, async (path) => {
          const ctx = createToolContext({ cwd: root, isNonInteractive: true });
          for (const [tool, input] of calls) {
            const out = await tool.call(input(path), ctx);
            expect(out.textContent()).not.toContain("TOP-SECRET");
            tally[out.isError ? "refused" : "ok"]++;
          }
          for (const p of seen)
            expect(inside(root, p), `${p} was touched for ${JSON.stringify(path)}`).toBe(true);
          expect(await snapshot(base)).toBe(before);
        }),
        { numRuns: 150 },
      );
      // The generator reaches both sides of the rules: some calls succeed inside, some are refused.
      expect(tally.ok).toBeGreaterThan(20);
      expect(tally.refused).toBeGreaterThan(20);
      expect(await readFile(join(outside, "secret.txt"), "utf8")).toBe("TOP-SECRET\n");
    });
  });
});
