// Search benchmarks on the corpus (`pnpm bench:corpus`): Grep vs the bundled rg run directly,
// Glob vs fdfind and globby. Peers that are not installed are reported absent.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { createToolContext } from "@toolkit/core";
import { bundledRipgrep, Glob, Grep } from "@toolkit/search";
import { globby } from "globby";
import { buildCorpus, CORPUS_DIR, existingCorpus } from "../corpus/build-corpus.js";
import { type BenchCase, medianOf, type Row, runCommand, which } from "../harness.js";

const RUNS = 10;

/** A whole-process peer: hyperfine's median when installed (no shell, exact), else our own timing. */
async function peerMs(
  command: string,
  args: readonly string[],
  hyperfine: string | undefined,
): Promise<number> {
  if (hyperfine === undefined) {
    return medianOf(RUNS, async () => (await runCommand(command, args, { cwd: CORPUS_DIR })).ms);
  }
  const quoted = [command, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(" ");
  const dir = mkdtempSync(join(tmpdir(), "bench-search-"));
  const file = join(dir, "hyperfine.json");
  try {
    const args = [
      "-N",
      "--warmup",
      "1",
      "--runs",
      String(RUNS),
      "--style",
      "none",
      "--export-json",
      file,
      quoted,
    ];
    execFileSync(hyperfine, args, { cwd: CORPUS_DIR, stdio: ["ignore", "pipe", "pipe"] });
    const result = (JSON.parse(readFileSync(file, "utf8")) as { results: Array<{ median: number }> })
      .results[0];
    return (result?.median ?? Number.NaN) * 1000;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Median wall time of an in-process call. */
function oursMs(fn: () => Promise<unknown>): Promise<number> {
  return medianOf(RUNS, async () => {
    const start = performance.now();
    await fn();
    return performance.now() - start;
  });
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
    const hyperfine = await which("hyperfine");
    const ctx = createToolContext({ cwd: CORPUS_DIR });
    // maxRows high enough that our engines do all the work rg does (no early stop).
    const viaRg = new Grep({ engine: "ripgrep", maxRows: 10_000_000 });
    const viaJs = new Grep({ engine: "js", maxRows: 10_000_000 });
    const rows: Row[] = [];
    for (const mode of ["files_with_matches", "content"] as const) {
      for (const g of GREPS) {
        const input = { ...g.input, output_mode: mode };
        const rgArgs = ["--no-config", "--no-require-git", mode === "content" ? "-n" : "-l", ...g.args];
        const peer = rg === undefined ? undefined : await peerMs(rg, rgArgs, hyperfine);
        const name = `Grep ${mode === "content" ? "content" : "files"}: ${g.label}`;
        const ours = await oursMs(() => viaRg.call(input, ctx));
        const js = await oursMs(() => viaJs.call(input, ctx));
        const timing = hyperfine ? "peer via hyperfine" : "peer via spawn";
        rows.push({
          case: `${name} (rg engine)`,
          ours,
          peer: "rg 15 direct",
          peerValue: peer,
          unit: "ms",
          note: `goal <= 1.3x; ${timing}`,
        });
        rows.push({
          case: `${name} (JS engine)`,
          ours: js,
          peer: "rg 15 direct",
          peerValue: peer,
          unit: "ms",
          note: "goal <= 2.5x",
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
    const ours = await oursMs(() => glob.call({ pattern: "**/*.ts" }, ctx));
    const fd = await which("fdfind");
    const hyperfine = await which("hyperfine");
    const fdMs =
      fd === undefined ? undefined : await peerMs(fd, ["--type", "f", "--glob", "*.ts"], hyperfine);
    const globbyFiles = await globby("**/*.ts", { cwd: CORPUS_DIR, gitignore: true });
    const globbyMs = await oursMs(() => globby("**/*.ts", { cwd: CORPUS_DIR, gitignore: true }));
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
