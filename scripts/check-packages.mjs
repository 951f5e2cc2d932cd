#!/usr/bin/env node
// Runs publint and @arethetypeswrong/cli on every built package under packages/.
// Prints one line per check and a summary; exits 1 when any check fails.
// `--json FILE` also writes { passed, failed } for .ci/run.
import { execFile } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { publint } from "publint";
import { formatMessage } from "publint/utils";

const run = promisify(execFile);
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
  }
}
await Promise.all([worker(), worker()]);
console.log(`package checks: ${passed} passed, ${failed} failed`);
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ passed, failed }));
process.exit(failed ? 1 : 0);
