// `pnpm bench:corpus`: writes the benchmark corpus under bench/.corpus from a fixed seed.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
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

const r = new Random(SEED);
const hash = createHash("sha256");
let files = 0;
let bytes = 0;

function write(relative: string, content: string): void {
  const path = join(CORPUS_DIR, relative);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  hash.update(relative).update("\0").update(content).update("\0");
  files++;
  bytes += Buffer.byteLength(content);
}

rmSync(CORPUS_DIR, { recursive: true, force: true });
mkdirSync(CORPUS_DIR, { recursive: true });
write(".gitignore", "node_modules/\n*.log\ndist/\n");
for (let p = 0; p < PACKAGES; p++) {
  // Nested rules with a negation: generated/ is ignored except generated/keep.ts.
  write(`packages/pkg${p}/.gitignore`, "generated/*\n!generated/keep.ts\ncoverage/\n");
  write(`packages/pkg${p}/generated/keep.ts`, sourceText(r, "ts", 800));
}
for (let i = 0; i < SOURCE_FILES; i++) {
  const ext = r.pick(EXTENSIONS);
  const dir = `packages/pkg${r.int(0, PACKAGES - 1)}/src/${r.pick(["core", "util", "api", "ui", "lib"])}${r.int(0, 11)}`;
  write(`${dir}/file${i}.${ext}`, sourceText(r, ext, r.int(600, 5400)));
}
for (let i = 0; i < IGNORED_BUILD_FILES; i++) {
  const p = r.int(0, PACKAGES - 1);
  const where = r.pick(["dist", "generated", "coverage"]);
  write(`packages/pkg${p}/${where}/out${i}.${where === "dist" ? "js" : "ts"}`, sourceText(r, "ts", 1500));
  if (i % 100 === 0) write(`packages/pkg${p}/debug${i}.log`, sourceText(r, "ts", 500));
}
for (let i = 0; i < NODE_MODULES_FILES; i++) {
  const pkg = `dep${r.int(0, 799)}`;
  write(
    `node_modules/${pkg}/${r.pick(["lib", "dist", "src"])}/m${i}.${r.pick(["js", "ts", "d.ts"])}`,
    sourceText(r, "ts", r.int(300, 2500)),
  );
}
execFileSync("git", ["init", "-q"], {
  cwd: CORPUS_DIR,
  env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null" },
});
console.log(
  `corpus: ${files} files, ${(bytes / 1e6).toFixed(1)} MB in ${CORPUS_DIR} (seed ${SEED}, sha256 ${hash.digest("hex").slice(0, 16)})`,
);
