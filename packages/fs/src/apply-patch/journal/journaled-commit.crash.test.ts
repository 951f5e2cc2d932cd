// SIGKILL in the middle of multi-file commits: a seeded sweep of 200 child processes, each
// applying a 3-5 file patch (updates, adds, deletes, moves) and killed either right before or
// after one of its file operations (chosen by the seed), or by the parent after a seeded delay
// while every file operation waits 1 ms. After each kill, recoverPatches must leave the
// files all old or all new, say which, and leave no journal or staged copy behind.
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recoverPatches } from "./recover.js";

const RUNS = 200;
const PARALLEL = 4;
const repo = join(import.meta.dirname, "..", "..", "..", "..", "..");

/** A deterministic random from a seed (SHA-256 of seed and counter), so a failing run can be replayed. */
function random(seed: number): () => number {
  let n = 0;
  return () => createHash("sha256").update(`${seed}:${n++}`).digest().readUInt32BE(0) / 2 ** 32;
}

type Files = Record<string, string>;

/** The part of esbuild's API used here. */
interface EsBuild {
  build(options: Record<string, unknown>): Promise<unknown>;
}

interface Case {
  before: Files;
  after: Files;
  patch: string;
  /** Files the child reads first (for the stale guard). */
  read: string[];
}

/** A 3-5 file patch of updates, adds, deletes and moves, with the files before and after. */
function makeCase(rand: () => number): Case {
  const count = 3 + Math.floor(rand() * 3);
  const before: Files = {};
  const after: Files = {};
  const lines = ["*** Begin Patch"];
  const read: string[] = [];
  for (let i = 0; i < count; i++) {
    const kind = ["update", "update", "add", "delete", "move"][Math.floor(rand() * 5)];
    const name = i % 2 ? `dir/f${i}.txt` : `f${i}.txt`;
    const old = `file ${i}\nline two of ${i}\nend ${i}\n`;
    if (kind === "add") {
      lines.push(`*** Add File: new/n${i}.txt`, `+added ${i}`);
      after[`new/n${i}.txt`] = `added ${i}\n`;
      continue;
    }
    before[name] = old;
    read.push(name);
    if (kind === "delete") {
      lines.push(`*** Delete File: ${name}`);
    } else if (kind === "move") {
      lines.push(
        `*** Update File: ${name}`,
        `*** Move to: moved/m${i}.txt`,
        `-line two of ${i}`,
        `+LINE TWO ${i}`,
      );
      after[`moved/m${i}.txt`] = `file ${i}\nLINE TWO ${i}\nend ${i}\n`;
    } else {
      lines.push(`*** Update File: ${name}`, `-line two of ${i}`, `+LINE TWO ${i}`);
      after[name] = `file ${i}\nLINE TWO ${i}\nend ${i}\n`;
    }
  }
  lines.push("*** End Patch");
  return { before, after, patch: lines.join("\n"), read };
}

/** The child: reads the files, then applies the patch through a source that dies at the chosen operation. */
const CHILD = `
import { readFileSync } from "node:fs";
import { createToolContext, LocalFileSource } from "@toolkit/core";
import { ApplyPatch, Read } from "@toolkit/fs";
const [root, spec] = process.argv.slice(2);
const { patch, read, killAt, delayMs } = JSON.parse(readFileSync(spec, "utf8"));
let op = 0;
const step = async () => {
  if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
  if (op++ === killAt) process.kill(process.pid, "SIGKILL");
};
class Dying extends LocalFileSource {
  async writeFile(...a) { await step(); await super.writeFile(...a); await step(); }
  async rename(...a) { await step(); await super.rename(...a); await step(); }
  async remove(...a) { await step(); await super.remove(...a); await step(); }
}
const ctx = createToolContext({ cwd: root, isNonInteractive: true });
for (const file of read) await new Read().call({ file_path: file }, ctx);
process.stdout.write("ready\\n");
const out = await new ApplyPatch({ source: new Dying() }).call({ patch }, ctx);
process.stdout.write(out.isError ? "error " + out.textContent() : "done");
`;

let work: string;
let bundle: string;

beforeAll(async () => {
  // A kill, not a power cut, is tested: memory-backed /dev/shm keeps the many fsyncs cheap where it exists.
  const base = existsSync("/dev/shm") ? "/dev/shm" : tmpdir();
  work = await mkdtemp(join(base, "toolkit-patch-crash-"));
  // One bundle of the child and this package's source, so each of the 200 children starts in tens of ms.
  const fromRoot = createRequire(join(repo, "package.json"));
  // esbuild comes with tsup (a root dev dependency); it is not a dependency of this package.
  const esbuild = (await import(createRequire(fromRoot.resolve("tsup")).resolve("esbuild"))) as EsBuild;
  await writeFile(join(work, "child.mjs"), CHILD);
  bundle = join(work, "child.bundle.mjs");
  await esbuild.build({
    entryPoints: [join(work, "child.mjs")],
    bundle: true,
    platform: "node",
    format: "esm",
    outfile: bundle,
    conditions: ["@toolkit/source"],
    nodePaths: [join(import.meta.dirname, "..", "..", "..", "node_modules")],
    alias: { "@toolkit/fs": join(import.meta.dirname, "..", "..", "index.ts") },
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
    logLevel: "silent",
  });
}, 60_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Every file under `dir` with its text. */
async function tree(dir: string): Promise<Files> {
  const out: Files = {};
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile())
      out[relative(dir, join(e.parentPath, e.name))] = await readFile(join(e.parentPath, e.name), "utf8");
  }
  return out;
}

function exited(child: ChildProcess): Promise<string> {
  let out = "";
  child.stdout?.on("data", (c: Buffer) => {
    out += c.toString();
  });
  return new Promise((resolve) => child.once("close", () => resolve(out)));
}

interface RunResult {
  state: "old" | "new";
  outcome: string;
}

async function runOnce(seed: number): Promise<RunResult> {
  const rand = random(seed);
  const c = makeCase(rand);
  const root = join(work, `run-${seed}`);
  await mkdir(root, { recursive: true });
  for (const [name, text] of Object.entries(c.before)) {
    await mkdir(dirname(join(root, name)), { recursive: true });
    await writeFile(join(root, name), text);
  }
  // Each file operation is two steps (before, after); a file change is about two operations (stage, rename).
  const byTimer = seed % 10 >= 7;
  const killAt = byTimer ? -1 : Math.floor(rand() * (Object.keys(c.before).length + 5) * 2 * 3);
  const spec = join(work, `spec-${seed}.json`);
  await writeFile(spec, JSON.stringify({ patch: c.patch, read: c.read, killAt, delayMs: byTimer ? 1 : 0 }));
  const child = spawn(process.execPath, [bundle, root, spec], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (c: Buffer) => {
    stderr += c.toString();
  });
  const done = exited(child);
  if (byTimer) {
    await new Promise<void>((resolve) => child.stdout?.once("data", () => resolve()));
    await new Promise((r) => setTimeout(r, Math.floor(rand() * 40)));
    child.kill("SIGKILL");
  }
  const out = await done;
  expect(out, stderr).not.toContain("error");
  expect(stderr).toBe("");
  const recovered = await recoverPatches(root);
  expect(recovered.length).toBeLessThanOrEqual(1);
  const now = await tree(root);
  const canon = (files: Files) =>
    JSON.stringify(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)));
  const state = canon(now) === canon(c.after) ? "new" : "old";
  // Without a journal left, the child was killed before its commit began or after it ended.
  const outcome = recovered[0]?.outcome ?? (state === "new" ? "finished" : "untouched");
  if (state === "old") {
    expect(
      canon(now),
      `seed ${seed} (${JSON.stringify(recovered)}, child: ${out}): files are neither all old nor all new`,
    ).toBe(canon(c.before));
  }
  expect(
    ["rolled-forward", "finished"].includes(outcome),
    `seed ${seed}: ${outcome} but files are ${state}`,
  ).toBe(state === "new");
  await rm(root, { recursive: true, force: true });
  await rm(spec, { force: true });
  return { state, outcome };
}

describe("commitJournaled", () => {
  describe("when the committing process is killed at seeded points", () => {
    it(`leaves each patch's files all old or all new after recovery, in ${RUNS} runs`, async () => {
      const results: RunResult[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: PARALLEL }, async () => {
          while (next < RUNS) results.push(await runOnce(1000 + next++));
        }),
      );
      const tally = new Map<string, number>();
      for (const r of results) tally.set(r.outcome, (tally.get(r.outcome) ?? 0) + 1);
      console.log(`crash runs: ${RUNS}; ${[...tally].map(([k, v]) => `${k} ${v}`).join(", ")}`);
      expect(results).toHaveLength(RUNS);
      // The seeds reach every way a commit can end.
      for (const outcome of ["rolled-forward", "rolled-back", "finished", "untouched"]) {
        expect(tally.get(outcome) ?? 0, outcome).toBeGreaterThan(0);
      }
    }, 300_000);
  });
});
