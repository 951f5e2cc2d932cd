#!/usr/bin/env node
// `pnpm playground [-- flags]`: builds what the playground needs, then runs it.
// The build's lines go to stderr, so that with `--json` stdout carries the JSON
// document alone (`pnpm -s playground -- --json` also silences pnpm's own
// banner). Relative paths in the flags are the playground's to resolve, against
// the directory the user ran pnpm in (INIT_CWD).
import { spawn, spawnSync } from "node:child_process";
import { constants } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const args = process.argv.slice(2);
process.stderr.write("playground: building the workspace (the first run takes about a minute)...\n");
const build = spawnSync(
  join(root, "node_modules", ".bin", "turbo"),
  ["run", "build", "--filter=@toolkit/playground...", "--output-logs=new-only"],
  { cwd: root, stdio: ["ignore", process.stderr, process.stderr] },
);
if (build.status !== 0) {
  process.stderr.write(`playground: the build failed (${build.error?.message ?? `exit ${build.status}`})\n`);
  process.exit(1);
}
const child = spawn(process.execPath, [join(root, "apps", "playground", "dist", "main.js"), ...args], {
  cwd: join(root, "apps", "playground"),
  stdio: "inherit",
  env: { ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() },
});
// Ctrl-C reaches the playground itself (it shares the terminal's process group): it ends the
// run and prints its summary, and this wrapper waits for it. A signal sent to the wrapper
// alone is passed on.
process.on("SIGINT", () => {});
for (const signal of ["SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => {
  process.exit(signal ? 128 + (constants.signals[signal] ?? 0) : (code ?? 1));
});
