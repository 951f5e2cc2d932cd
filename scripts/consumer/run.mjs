#!/usr/bin/env node
// The consumer check: packs the adapters and what they depend on, installs
// the tarballs with plain npm in a project outside the repo beside each
// supported major of each host, and runs one round trip per pair, on the Node
// version that host needs (Node 24 from the `node@24` npm package).
//
//   node scripts/consumer/run.mjs [--json FILE] [filter...]
//
// Needs a build first (pnpm build) and the npm registry. Prints one line per
// pair and `N passed, N failed`; exits 1 when any failed.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pnpmCommand } from "../pnpm-command.mjs";

const root = new URL("../..", import.meta.url).pathname;
const here = new URL(".", import.meta.url).pathname;
const args = process.argv.slice(2);
const jsonOut = args.includes("--json") ? args[args.indexOf("--json") + 1] : undefined;
const filters = args.filter((a, i) => a !== "--json" && args[i - 1] !== "--json");

/** Each supported host major, the Node it needs, and the round trip that drives it. */
const MATRIX = [
  { name: "ai 6", node: "20", script: "ai-sdk.mjs", adapter: "ai-sdk", deps: { ai: "^6.0.0" } },
  { name: "ai 7", node: "24", script: "ai-sdk.mjs", adapter: "ai-sdk", deps: { ai: "^7.0.0" } },
  {
    name: "@openai/agents 0.14",
    node: "20",
    script: "openai-agents.mjs",
    adapter: "openai-agents",
    deps: { "@openai/agents": "~0.14.3" },
  },
  {
    name: "@openai/agents 0.20",
    node: "24",
    script: "openai-agents.mjs",
    adapter: "openai-agents",
    deps: { "@openai/agents": "^0.20.0" },
  },
  {
    name: "@langchain/core 1",
    node: "20",
    script: "langchain.mjs",
    adapter: "langchain",
    deps: { "@langchain/core": "^1.0.0" },
  },
  {
    name: "@langchain/core 1 (Node 24)",
    node: "24",
    script: "langchain.mjs",
    adapter: "langchain",
    deps: { "@langchain/core": "^1.0.0" },
  },
].filter((m) => !filters.length || filters.some((f) => m.name.includes(f)));

const pnpm = pnpmCommand();
const work = mkdtempSync(join(tmpdir(), "toolkit-consumer-"));
const npmQuiet = ["--no-audit", "--no-fund", "--loglevel=error"];
let passed = 0;
let failed = 0;
try {
  const packs = join(work, "packs");
  mkdirSync(packs);
  const tarballs = {};
  for (const pkg of ["core", "registry", ...new Set(MATRIX.map((m) => m.adapter))]) {
    execFileSync(pnpm[0], [...pnpm.slice(1), "pack", "--pack-destination", packs], {
      cwd: join(root, "packages", pkg),
      stdio: "ignore",
    });
    const file = readdirSync(packs).find(
      (f) => f.startsWith(`toolkit-${pkg}-`) && !Object.values(tarballs).includes(join(packs, f)),
    );
    tarballs[`@toolkit/${pkg}`] = join(packs, file);
  }
  for (const m of MATRIX) {
    const dir = join(work, m.name.replace(/[^a-z0-9]+/gi, "-"));
    mkdirSync(dir);
    const deps = {
      "@toolkit/core": `file:${tarballs["@toolkit/core"]}`,
      "@toolkit/registry": `file:${tarballs["@toolkit/registry"]}`,
      [`@toolkit/${m.adapter}`]: `file:${tarballs[`@toolkit/${m.adapter}`]}`,
      zod: "^4.1.0",
      ...m.deps,
    };
    writeFileSync(
      join(dir, "package.json"),
      JSON.stringify({ name: "consumer", private: true, type: "module", dependencies: deps }, null, 2),
    );
    for (const f of ["calculator.mjs", m.script]) copyFileSync(join(here, f), join(dir, f));
    try {
      execFileSync("npm", ["install", ...npmQuiet], {
        cwd: dir,
        stdio: ["ignore", "ignore", "pipe"],
        env: { ...process.env, npm_config_engine_strict: "false" },
      });
      const node = m.node === "20" ? [process.execPath] : ["npx", "-y", `node@${m.node}`];
      const out = execFileSync(node[0], [...node.slice(1), m.script], {
        cwd: dir,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
      console.log(`ok   ${m.name}: ${out.trim()}`);
      passed++;
    } catch (error) {
      const detail = `${error.stdout ?? ""}${error.stderr ?? ""}`.trim().split("\n").slice(-15).join("\n");
      console.log(`FAIL ${m.name}\n${detail || error.message}`);
      failed++;
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(`${passed} passed, ${failed} failed`);
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ passed, failed }));
process.exitCode = failed ? 1 : 0;
