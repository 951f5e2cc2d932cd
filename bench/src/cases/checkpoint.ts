// @toolkit/checkpoint: how long a snapshot takes on a 10,000-file workspace with
// 5 changed files, after the first, beside `git stash create` on the same tree.
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { CheckpointStore } from "@toolkit/checkpoint";
import type { BenchCase, Row } from "../harness.js";
import { interleavedMedians } from "./shell.js";

const FILES = 10_000;
const CHANGED = 5;
const RUNS = 30;

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, {
    cwd,
    encoding: "utf8",
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: cwd,
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_CONFIG_GLOBAL: "/dev/null",
      GIT_AUTHOR_NAME: "bench",
      GIT_AUTHOR_EMAIL: "bench@example.invalid",
      GIT_COMMITTER_NAME: "bench",
      GIT_COMMITTER_EMAIL: "bench@example.invalid",
    },
  });
}

async function seed(root: string): Promise<void> {
  for (let d = 0; d < FILES / 100; d++) {
    const dir = join(root, `pkg${d}`, "src");
    await mkdir(dir, { recursive: true });
    await Promise.all(
      Array.from({ length: 100 }, (_, f) =>
        writeFile(join(dir, `file${f}.ts`), `export const v${d}_${f} = ${d * 100 + f};\n`.repeat(8)),
      ),
    );
  }
}

let round = 0;
async function changeFive(root: string): Promise<void> {
  round++;
  await Promise.all(
    Array.from({ length: CHANGED }, (_, i) =>
      writeFile(join(root, `pkg${i * 7}`, "src", "file3.ts"), `export const changed = ${round};\n`),
    ),
  );
}

export const cases: BenchCase[] = [
  {
    name: "checkpoint",
    async run(): Promise<Row[]> {
      const base = await mkdtemp(join(tmpdir(), "toolkit-bench-checkpoint-"));
      const root = join(base, "ws");
      try {
        await mkdir(root);
        await seed(root);
        git(root, "init", "-q");
        git(root, "add", "-A");
        git(root, "commit", "-q", "-m", "seed");
        const store = await CheckpointStore.open({ workspace: root, stateDir: join(base, "state") });
        const start = performance.now();
        await store.snapshot({ turn: 0 });
        const firstMs = performance.now() - start;
        git(root, "stash", "create");
        const [ours, peer] = await interleavedMedians(RUNS, [
          async () => {
            await changeFive(root);
            await store.snapshot({ turn: 1 });
          },
          async () => {
            await changeFive(root);
            git(root, "stash", "create");
          },
        ]);
        // The timings include writing the 5 files for both columns alike.
        return [
          {
            case: `checkpoint: snapshot, ${FILES} files, ${CHANGED} changed`,
            ours: ours as number,
            peer: "git stash create",
            peerValue: peer,
            unit: "ms",
            note: "goal <= 150 ms p50; both include writing the 5 files",
          },
          {
            case: `checkpoint: first snapshot, ${FILES} files`,
            ours: firstMs,
            peer: "git stash create",
            peerValue: undefined,
            unit: "ms",
            note: "one run; no peer (stash create needs a commit of the files first)",
          },
        ];
      } finally {
        await rm(base, { recursive: true, force: true });
      }
    },
  },
];
