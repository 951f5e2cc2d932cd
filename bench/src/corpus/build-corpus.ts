import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { Random } from "./random.js";
import { sourceText } from "./source-text.js";

/** Where the corpus lives (gitignored by the repository). */
export const CORPUS_DIR = join(import.meta.dirname, "..", "..", ".corpus");

const SEED = 20_260_601;
const PACKAGES = 40;
const SOURCE_FILES = 26_000;
const NODE_MODULES_FILES = 16_000;
const IGNORED_BUILD_FILES = 1_200;
const EXTENSIONS = ["ts", "ts", "ts", "tsx", "js", "py", "md", "json"];
/** Written last: its presence says the corpus is complete. */
const MARKER = ".git/corpus-complete";

/** What was written. */
export interface CorpusSummary {
  dir: string;
  seed: number;
  files: number;
  bytes: number;
  /** First 16 hex digits of a SHA-256 over every path and content: equal on every machine. */
  digest: string;
}

/**
 * Writes the corpus from a fixed seed: ~26,000 source-like files under
 * packages/ (nested .gitignore files, one with a negation), ignored build
 * output, and an ignored node_modules of 16,000 files; then `git init`.
 */
export function buildCorpus(dir = CORPUS_DIR): CorpusSummary {
  const r = new Random(SEED);
  const hash = createHash("sha256");
  let files = 0;
  let bytes = 0;
  const write = (relative: string, content: string): void => {
    const path = join(dir, relative);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
    hash.update(relative).update("\0").update(content).update("\0");
    files++;
    bytes += Buffer.byteLength(content);
  };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  write(".gitignore", "node_modules/\n*.log\ndist/\n");
  for (let p = 0; p < PACKAGES; p++) {
    // Nested rules with a negation: generated/ is ignored except generated/keep.ts.
    write(`packages/pkg${p}/.gitignore`, "generated/*\n!generated/keep.ts\ncoverage/\n");
    write(`packages/pkg${p}/generated/keep.ts`, sourceText(r, "ts", 800));
  }
  for (let i = 0; i < SOURCE_FILES; i++) {
    const ext = r.pick(EXTENSIONS);
    const folder = `${r.pick(["core", "util", "api", "ui", "lib"])}${r.int(0, 11)}`;
    write(
      `packages/pkg${r.int(0, PACKAGES - 1)}/src/${folder}/file${i}.${ext}`,
      sourceText(r, ext, r.int(600, 5400)),
    );
  }
  for (let i = 0; i < IGNORED_BUILD_FILES; i++) {
    const p = r.int(0, PACKAGES - 1);
    const where = r.pick(["dist", "generated", "coverage"]);
    write(`packages/pkg${p}/${where}/out${i}.${where === "dist" ? "js" : "ts"}`, sourceText(r, "ts", 1500));
    if (i % 100 === 0) write(`packages/pkg${p}/debug${i}.log`, sourceText(r, "ts", 500));
  }
  for (let i = 0; i < NODE_MODULES_FILES; i++) {
    const pkg = `dep${r.int(0, 799)}`;
    const name = `m${i}.${r.pick(["js", "ts", "d.ts"])}`;
    write(
      `node_modules/${pkg}/${r.pick(["lib", "dist", "src"])}/${name}`,
      sourceText(r, "ts", r.int(300, 2500)),
    );
  }
  execFileSync("git", ["init", "-q"], { cwd: dir, env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null" } });
  const summary = { dir, seed: SEED, files, bytes, digest: hash.digest("hex").slice(0, 16) };
  writeFileSync(join(dir, MARKER), JSON.stringify(summary));
  return summary;
}

/** The corpus summary when a complete corpus exists, else undefined. */
export function existingCorpus(dir = CORPUS_DIR): CorpusSummary | undefined {
  const marker = join(dir, MARKER);
  return existsSync(marker) ? (JSON.parse(readFileSync(marker, "utf8")) as CorpusSummary) : undefined;
}
