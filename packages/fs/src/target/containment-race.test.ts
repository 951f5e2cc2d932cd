// Workspace containment against a real concurrent attacker: a child process flips symlinks
// between a target inside the root and one outside it, as fast as it can, while every fs tool
// is called through those links. No call may return outside content, and nothing outside may
// be created or changed. TOOLKIT_RACE_TRIES sets the tries per tool (default 10,000).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createToolContext, type Tool, type ToolContext, Workspace } from "@toolkit/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFsTools } from "../create-fs-tools.js";
import { LocalFileSource } from "@toolkit/core";
import { createLoomTools } from "../loom/create-loom-tools.js";

const TRIES = Number(process.env.TOOLKIT_RACE_TRIES ?? 10_000);
/** Calls in flight at once per tool, so that the tries overlap the swaps and each other. */
const BATCH = 128;
const SECRET = "TOP-SECRET";
/** The writing tools; each gets its own link and files, so their stale guards do not collide. */
const WRITERS = ["edit_file", "Write", "Edit", "MultiEdit"] as const;
/** Per-test time: 10,000 tries per tool on a loaded machine. */
const TIMEOUT_MS = Math.max(60_000, TRIES * 25);

let base: string;
let root: string;
let outside: string;
let swapper: ChildProcess | undefined;
let swaps = 0;

/** Every name and file content under `dir`, for a before/after comparison. */
async function snapshot(dir: string): Promise<string> {
  const out: string[] = [];
  for (const e of (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const p = join(dir, e.name);
    out.push(
      e.isFile()
        ? `${e.name} = ${await readFile(p, "utf8")}`
        : `${e.name} (${e.isDirectory() ? "dir" : "other"})`,
    );
  }
  return out.join("\n");
}

// The attacker: flips `flink` (file) and one `w-<tool>` link per writing tool by unlink + symlink, which
// leaves instants where the name is missing, and `dlink` (directory) by an atomic rename, in a
// tight loop. It reports how many flips it made when asked (SIGUSR2) and runs until killed.
const SWAPPER = `
const fs = require("node:fs");
const [root, outside, ...writers] = process.argv.slice(1);
const at = (n) => root + "/" + n;
let flips = 0;
process.on("SIGUSR2", () => {});
setInterval(() => process.stdout.write(flips + "\\n"), 50).unref();
function flipFile(name, inside, out, i) {
  try { fs.unlinkSync(at(name)); } catch {}
  try { fs.symlinkSync(i % 2 ? out : inside, at(name)); } catch {}
}
function flipDir(i) {
  try {
    fs.symlinkSync(i % 2 ? outside : "real", at("dlink.tmp"));
    fs.renameSync(at("dlink.tmp"), at("dlink"));
  } catch {
    fs.rmSync(at("dlink.tmp"), { force: true });
    fs.rmSync(at("dlink"), { recursive: true, force: true });
  }
}
// A name that is a regular file one instant and a link to outside the next (atomic renames).
function flipKind(name, out, i) {
  const tmp = at(name + ".tmp");
  try {
    if (i % 2) fs.symlinkSync(out, tmp);
    else fs.writeFileSync(tmp, "inside swap\\n");
    fs.renameSync(tmp, at(name));
  } catch { fs.rmSync(tmp, { force: true }); }
}
// A directory that is a real directory one instant and a link to outside the next.
function flipDirKind(i) {
  try {
    fs.rmSync(at("sdir.old"), { recursive: true, force: true });
    if (i % 2) fs.symlinkSync(outside, at("sdir.new"));
    else { fs.mkdirSync(at("sdir.new")); fs.writeFileSync(at("sdir.new/secret.txt"), "inside swap\\n"); }
    try { fs.renameSync(at("sdir"), at("sdir.old")); } catch {}
    fs.renameSync(at("sdir.new"), at("sdir"));
  } catch { fs.rmSync(at("sdir.new"), { recursive: true, force: true }); }
}
const tick = () => {
  for (let k = 0; k < 10; k++, flips++) {
    flipFile("flink", "in.txt", outside + "/secret.txt", flips);
    for (const w of writers) flipFile("w-" + w, "in-" + w + ".txt", outside + "/victim-" + w + ".txt", flips);
    flipDir(flips);
    flipKind("sfile", outside + "/secret.txt", flips);
    flipDirKind(flips);
    for (const w of writers) flipKind("s-" + w, outside + "/victim-" + w + ".txt", flips);
  }
  setImmediate(tick);
};
tick();
`;

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), "toolkit-fs-race-")));
  root = join(base, "root");
  outside = join(base, "outside");
  await mkdir(join(root, "real"), { recursive: true });
  await mkdir(outside);
  await writeFile(join(root, "in.txt"), "INSIDE\n");
  for (const w of WRITERS) {
    await writeFile(join(root, `in-${w}.txt`), "a\n");
    await writeFile(join(root, "real", `${w}.txt`), "a\n");
    await writeFile(join(outside, `victim-${w}.txt`), `${SECRET} victim\n`);
  }
  await writeFile(join(root, "real", "secret.txt"), "inside twin\n");
  await writeFile(join(outside, "secret.txt"), `${SECRET}\n`);
  await writeFile(join(outside, "outside-only.txt"), `${SECRET} listed\n`);
  swapper = spawn(process.execPath, ["-e", SWAPPER, root, outside, ...WRITERS], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  swapper.stdout?.on("data", (c: Buffer) => {
    swaps = Number(c.toString().trim().split("\n").at(-1)) || swaps;
  });
  // Wait until the attacker is flipping.
  while (swaps < 100) await new Promise((r) => setTimeout(r, 20));
});
afterAll(async () => {
  swapper?.kill("SIGKILL");
  await rm(base, { recursive: true, force: true });
});

type Input = (k: number) => Record<string, unknown>;

/** Runs `TRIES` calls of `tool`, `BATCH` at a time, and returns every reply's text and how many succeeded. */
async function race(tool: Tool, ctx: ToolContext, input: Input): Promise<{ texts: string[]; ok: number }> {
  const texts: string[] = [];
  let ok = 0;
  for (let k = 0; k < TRIES; k += BATCH) {
    const outs = await Promise.all(
      Array.from({ length: Math.min(BATCH, TRIES - k) }, (_, j) => tool.call(input(k + j), ctx)),
    );
    for (const out of outs) {
      texts.push(out.textContent());
      if (!out.isError) ok++;
    }
  }
  return { texts, ok };
}

describe.concurrent("the fs tools under a symlink-swapping process", () => {
  const source = new LocalFileSource({ fsync: false });
  const tools = () => {
    const workspace = new Workspace({ root });
    const [read, write, edit, multiEdit, fileViewer] = createFsTools({ workspace, source });
    const [readFile_, editFile, listFiles] = createLoomTools({ workspace, source });
    return { read, write, edit, multiEdit, fileViewer, readFile_, editFile, listFiles };
  };
  const readPath = (k: number) =>
    ["flink", "dlink/secret.txt", "sfile", "sdir/secret.txt", "in.txt"][k % 5] ?? "";

  it.each([
    ["Read", (t: ReturnType<typeof tools>) => t.read, (k: number) => ({ file_path: readPath(k) })],
    [
      "FileViewer",
      (t: ReturnType<typeof tools>) => t.fileViewer,
      (k: number) => ({ file_path: readPath(k) }),
    ],
    ["read_file", (t: ReturnType<typeof tools>) => t.readFile_, (k: number) => ({ path: readPath(k) })],
    [
      "list_files",
      (t: ReturnType<typeof tools>) => t.listFiles,
      (k: number) => ({ path: k % 8 === 7 ? "." : k % 2 ? "dlink" : "sdir" }),
    ],
  ] as const)(
    "%s never returns content or names from outside",
    async (_, pick, input) => {
      const ctx = createToolContext({ cwd: root, isNonInteractive: true });
      const before = swaps;
      const { texts, ok } = await race(pick(tools()), ctx, input);
      const leaks = texts.filter((t) => t.includes(SECRET) || t.includes("outside-only"));
      expect(leaks.length, `${leaks.length} of ${TRIES} leaked, e.g. ${leaks[0]}`).toBe(0);
      // The race was real: the attacker flipped meanwhile, and calls still work inside.
      expect(swaps - before).toBeGreaterThan(0);
      expect(ok).toBeGreaterThan(0);
    },
    TIMEOUT_MS,
  );

  const link = (w: string) => `w-${w}`;
  const twin = (w: string) => `dlink/${w}.txt`;
  it.each([
    [
      "edit_file",
      (t: ReturnType<typeof tools>) => t.editFile,
      (k: number) => ({
        path: [link("edit_file"), twin("edit_file"), "s-edit_file", "in-edit_file.txt"][k % 4],
        edits: [{ old_str: "", new_str: "+" }],
      }),
    ],
    [
      "Write",
      (t: ReturnType<typeof tools>) => t.write,
      (k: number) => ({
        file_path: [link("Write"), twin("Write"), "dlink/new.txt", "s-Write", "sdir/new.txt"][k % 5],
        content: `w${k}\n`,
      }),
    ],
    [
      "Edit",
      (t: ReturnType<typeof tools>) => t.edit,
      (k: number) => ({
        file_path: [link("Edit"), twin("Edit"), "s-Edit", "in-Edit.txt"][k % 4],
        old_string: k % 4 < 2 ? "\n" : " \n",
        new_string: k % 4 < 2 ? " \n" : "\n",
        replace_all: true,
      }),
    ],
    [
      "MultiEdit",
      (t: ReturnType<typeof tools>) => t.multiEdit,
      (k: number) => ({
        file_path: [link("MultiEdit"), twin("MultiEdit"), "s-MultiEdit", "in-MultiEdit.txt"][k % 4],
        edits: [
          { old_string: "\n", new_string: "\n\n" },
          { old_string: "\n\n", new_string: "\n" },
        ],
      }),
    ],
  ] as const)(
    "%s never creates or changes anything outside",
    async (_, pick, input) => {
      const ctx = createToolContext({ cwd: root, isNonInteractive: true });
      const t = tools();
      // The stale guard lets Write, Edit and MultiEdit change the inside files once they are read.
      for (const w of WRITERS)
        for (const p of [`in-${w}.txt`, `real/${w}.txt`]) await t.read.call({ file_path: p }, ctx);
      const outsideBefore = await snapshot(outside);
      const before = swaps;
      const { texts, ok } = await race(pick(t), ctx, input);
      const leaks = texts.filter((x) => x.includes(SECRET));
      expect(leaks.length, `${leaks.length} of ${TRIES} leaked, e.g. ${leaks[0]}`).toBe(0);
      expect(await snapshot(outside)).toBe(outsideBefore);
      expect(swaps - before).toBeGreaterThan(0);
      expect(ok).toBeGreaterThan(0);
    },
    TIMEOUT_MS,
  );
});
