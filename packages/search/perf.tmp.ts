import { createToolContext } from "@toolkit/core";
import { spawnSync, spawn } from "node:child_process";
import { Glob, Grep } from "/work/main/packages/search/src/index.ts";
const RG =
  "/work/main/node_modules/.pnpm/@vscode+ripgrep-linux-x64@1.18.0/node_modules/@vscode/ripgrep-linux-x64/bin/rg";
const cwd = "/work/main/bench/.corpus";
const ctx = createToolContext({ cwd });
function run(cmd: string, args: string[]) {
  return new Promise<void>((res) => {
    const c = spawn(cmd, args, { cwd, stdio: ["ignore", "pipe", "ignore"] });
    c.stdout.resume();
    c.on("close", () => res());
  });
}
async function med(fn: () => Promise<unknown>) {
  const ts: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    await fn();
    ts.push(performance.now() - t);
  }
  ts.sort((a, b) => a - b);
  return ts[3]!;
}
const which = process.argv[2] ?? "all";
if (which === "all" || which === "glob") {
  const glob = new Glob({ defaultLimit: 100000 });
  const a = await med(() => glob.call({ pattern: "**/*.ts" }, ctx));
  const b = await med(() => run("fdfind", ["--glob", "**/*.ts", "-t", "f"]));
  console.log("glob", a.toFixed(0), "fd", b.toFixed(0), (a / b).toFixed(2));
}
const grepRg = new Grep({ engine: "ripgrep" });
const grepJs = new Grep({ engine: "js" });
for (const [input, args] of [
  [{ pattern: "TODO" }, ["-l", "TODO"]],
  [{ pattern: "\\b(useState|useEffect)\\b" }, ["-l", "\\b(useState|useEffect)\\b"]],
  [{ pattern: "error", case_insensitive: true }, ["-l", "-i", "error"]],
  [{ pattern: "TODO", output_mode: "content" }, ["-n", "TODO"]],
] as const) {
  const r = await med(() => run(RG, [...args]));
  const a = await med(() => grepRg.call(input, ctx));
  const b = await med(() => grepJs.call(input, ctx));
  console.log(
    JSON.stringify(input),
    "rg",
    r.toFixed(0),
    "ours-rg",
    a.toFixed(0),
    (a / r).toFixed(2),
    "ours-js",
    b.toFixed(0),
    (b / r).toFixed(2),
  );
}
