#!/usr/bin/env node
// Runs publint and @arethetypeswrong/cli on every built package under packages/,
// and checks what `pnpm pack` would ship (users are told to pack with pnpm, which
// also ships every file named readme*, whatever `files` says): a LICENSE, no test-only files, and
// sources shipped once (source maps point at src/ without a copy inside).
// Prints one line per check and a summary; exits 1 when any check fails.
// `--json FILE` also writes { passed, failed } for .ci/run.
import { execFile } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { publint } from "publint";
import { formatMessage } from "publint/utils";
import { pnpmCommand } from "./pnpm-command.mjs";

const run = promisify(execFile);
const pnpm = pnpmCommand();
const root = new URL("..", import.meta.url).pathname;
const jsonOut = process.argv.includes("--json")
  ? process.argv[process.argv.indexOf("--json") + 1]
  : undefined;
const dirs = readdirSync(join(root, "packages"))
  .map((name) => join(root, "packages", name))
  .filter((dir) => existsSync(join(dir, "package.json")));

let passed = 0;
let failed = 0;
function report(ok, name, detail) {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? "ok  " : "FAIL"} ${name}${detail ? `\n${detail}` : ""}`);
}

async function checkPublint(dir, pkg) {
  const { messages } = await publint({ pkgDir: dir, level: "suggestion", strict: true });
  const bad = messages.filter((m) => m.type !== "suggestion");
  report(bad.length === 0, `publint ${pkg.name}`, bad.map((m) => `  ${formatMessage(m, pkg)}`).join("\n"));
}

async function checkTypes(dir, pkg) {
  const bin = join(root, "node_modules", ".bin", "attw");
  try {
    await run(bin, ["--pack", dir, "--profile", "esm-only", "--format", "table-flipped"], {
      cwd: dir,
      maxBuffer: 1 << 24,
    });
    report(true, `attw ${pkg.name}`);
  } catch (error) {
    report(false, `attw ${pkg.name}`, String(error.stdout || error.message).trim());
  }
}

/** Files only our own tests use: they never ship. */
const TEST_ONLY =
  /(^|\/)(__tests__|fixtures)\/|\.test(-d)?\.[cm]?[jt]sx?$|\.test-support\.|(^|\/)test-(helpers|kit)\./;

async function checkTarball(dir, pkg) {
  const problems = [];
  try {
    const { stdout } = await run(pnpm[0], [...pnpm.slice(1), "pack", "--dry-run", "--json"], {
      cwd: dir,
      maxBuffer: 1 << 24,
    });
    const files = JSON.parse(stdout).files.map((f) => f.path);
    if (!files.includes("LICENSE")) problems.push("  no LICENSE in the tarball");
    for (const file of files.filter((f) => TEST_ONLY.test(f)))
      problems.push(`  test-only file shipped: ${file}`);
    const shipsSrc = files.some((f) => f.startsWith("src/"));
    for (const map of files.filter((f) => f.endsWith(".map"))) {
      const parsed = JSON.parse(readFileSync(join(dir, map), "utf8"));
      if (shipsSrc && Array.isArray(parsed.sourcesContent))
        problems.push(`  ${map} embeds sources that src/ ships again`);
    }
  } catch (error) {
    problems.push(`  pnpm pack --dry-run failed: ${String(error.stderr || error.message).trim()}`);
  }
  report(problems.length === 0, `tarball ${pkg.name}`, problems.join("\n"));
}

const queue = dirs.slice();
async function worker() {
  for (let dir = queue.shift(); dir; dir = queue.shift()) {
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    // Private workspace packages are bundled into their users, never published.
    if (pkg.private) continue;
    if (!existsSync(join(dir, "dist"))) {
      report(false, `build ${pkg.name}`, "  no dist/: run `pnpm build` first");
      continue;
    }
    await checkPublint(dir, pkg);
    await checkTypes(dir, pkg);
    await checkTarball(dir, pkg);
  }
}
await Promise.all([worker(), worker()]);
console.log(`package checks: ${passed} passed, ${failed} failed`);
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ passed, failed }));
process.exit(failed ? 1 : 0);
