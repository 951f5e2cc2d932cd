// Search benchmarks on the corpus (`pnpm bench:corpus`): Grep vs the bundled rg run directly,
// Glob vs fdfind and globby. Peers that are not installed are reported absent.
import { execFileSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { createToolContext } from "@toolkit/core";
import { bundledRipgrep, Glob, Grep } from "@toolkit/search";
import { globby } from "globby";
import { buildCorpus, CORPUS_DIR, existingCorpus } from "../corpus/build-corpus.js";
import { type BenchCase, type Row, runCommand, which } from "../harness.js";

/** Rounds per figure; `BENCH_SEARCH_RUNS` shortens a run on a busy machine. */
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 10);

/**
 * Medians of several measurements taken in turns (one of each per round,
 * after a warm-up round), so that a machine whose load drifts treats every
 * contender alike.
 */
async function interleaved(
  runs: number,
  contenders: ReadonlyArray<() => Promise<number>>,
): Promise<number[]> {
  const samples = contenders.map(() => [] as number[]);
  for (let round = 0; round <= runs; round++) {
    for (const [i, measure] of contenders.entries()) {
      const ms = await measure();
      if (round > 0) samples[i]?.push(ms);
    }
  }
  return samples.map((values) => {
    values.sort((a, b) => a - b);
    const mid = Math.floor(values.length / 2);
    return values.length % 2
      ? (values[mid] as number)
      : ((values[mid - 1] as number) + (values[mid] as number)) / 2;
  });
}

/** Wall time of one in-process call. */
async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** Wall time of one run of a command, from spawn to exit. */
async function spawned(command: string, args: readonly string[]): Promise<number> {
  return (await runCommand(command, args, { cwd: CORPUS_DIR })).ms;
}

function corpus(): void {
  const summary = existingCorpus() ?? buildCorpus();
  console.error(
    `corpus: ${summary.files} files, ${(summary.bytes / 1e6).toFixed(1)} MB, digest ${summary.digest}`,
  );
}

const GREPS = [
  { label: "literal TODO", input: { pattern: "TODO" }, args: ["TODO"] },
  {
    label: "\\b(useState|useEffect)\\b",
    input: { pattern: "\\b(useState|useEffect)\\b" },
    args: ["\\b(useState|useEffect)\\b"],
  },
  {
    label: "case-insensitive word error",
    input: { pattern: "\\berror\\b", case_insensitive: true },
    args: ["-i", "\\berror\\b"],
  },
] as const;

const grepCase: BenchCase = {
  name: "search: Grep vs rg",
  async run() {
    corpus();
    const rg = await bundledRipgrep();
    const ctx = createToolContext({ cwd: CORPUS_DIR });
    // maxRows high enough that our engines never stop early on this corpus. The default
    // skippedNote ("when-empty") runs ripgrep without its debug log when something matches.
    const viaRg = new Grep({ engine: "ripgrep", maxRows: 10_000_000 });
    const viaJs = new Grep({ engine: "js", maxRows: 10_000_000 });
    const rows: Row[] = [];
    for (const mode of ["files_with_matches", "content"] as const) {
      for (const g of GREPS) {
        const input = { ...g.input, output_mode: mode };
        const rgArgs = ["--no-config", "--no-require-git", mode === "content" ? "-n" : "-l", ...g.args];
        const contenders = [
          () => timed(() => viaRg.call(input, ctx)),
          () => timed(() => viaJs.call(input, ctx)),
        ];
        if (rg !== undefined) contenders.push(() => spawned(rg, rgArgs));
        const [ours, js, peer] = await interleaved(RUNS, contenders);
        const name = `Grep ${mode === "content" ? "content" : "files"}: ${g.label}`;
        const note = rg === undefined ? "absent: no bundled rg for this platform" : "";
        const peerName = "rg 15 direct";
        rows.push({
          case: `${name} (rg engine)`,
          ours: ours as number,
          peer: peerName,
          peerValue: peer,
          unit: "ms",
          note: note || "goal <= 1.1x",
        });
        rows.push({
          case: `${name} (JS engine)`,
          ours: js as number,
          peer: peerName,
          peerValue: peer,
          unit: "ms",
          note: note || "goal <= 2.5x",
        });
      }
    }
    return rows;
  },
};

const globCase: BenchCase = {
  name: "search: Glob vs fd and globby",
  async run() {
    corpus();
    const ctx = createToolContext({ cwd: CORPUS_DIR });
    const glob = new Glob({ defaultLimit: 10_000_000, spillBytes: Number.MAX_SAFE_INTEGER });
    const listed = (await glob.call({ pattern: "**/*.ts" }, ctx)).textContent().split("\n");
    const git = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "--", "*.ts"], {
      cwd: CORPUS_DIR,
      encoding: "utf8",
    })
      .split("\n")
      .filter((p) => p.endsWith(".ts") && !p.split("/").some((s) => s.startsWith(".")))
      .sort();
    const same = listed.length === git.length && listed.every((p, i) => p === git[i]);
    const fd = await which("fdfind");
    const globbyFiles = await globby("**/*.ts", { cwd: CORPUS_DIR, gitignore: true });
    const contenders = [
      () => timed(() => glob.call({ pattern: "**/*.ts" }, ctx)),
      () => timed(() => globby("**/*.ts", { cwd: CORPUS_DIR, gitignore: true })),
    ];
    if (fd !== undefined) contenders.push(() => spawned(fd, ["--type", "f", "--glob", "*.ts"]));
    const [ours, globbyMs, fdMs] = (await interleaved(RUNS, contenders)) as [
      number,
      number,
      number | undefined,
    ];
    const identical = `${listed.length} paths, ${same ? "identical to" : "DIFFERENT from"} git ls-files`;
    return [
      {
        case: "Glob **/*.ts honouring .gitignore",
        ours,
        peer: "fdfind",
        peerValue: fdMs,
        unit: "ms",
        note: fd ? `goal <= 1.5x; ${identical}` : "absent: fdfind not installed",
      },
      {
        case: "Glob **/*.ts honouring .gitignore",
        ours,
        peer: "globby({ gitignore: true })",
        peerValue: globbyMs,
        unit: "ms",
        note: `goal >= 5x faster (ratio <= 0.2x); globby found ${globbyFiles.length}`,
      },
    ];
  },
};

export const cases: BenchCase[] = [grepCase, globCase];
