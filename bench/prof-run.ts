import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { createToolContext } from "@toolkit/core";
import { Shell } from "@toolkit/shell";
const mode = process.argv[2] ?? "required";
const n = Number(process.argv[3] ?? 100);
const dir = await mkdtemp(join(tmpdir(), "prof-"));
const ctx = createToolContext({ cwd: dir });
const shell = new Shell({ sandbox: mode as "off" });
for (let i = 0; i < 5; i++) await shell.call({ command: "true" }, ctx);
const t: number[] = [];
for (let i = 0; i < n; i++) { const s = performance.now(); const r = await shell.call({ command: "true" }, ctx); t.push(performance.now() - s); if (r.isError) console.log(r.textContent()); }
t.sort((a, b) => a - b);
console.log(mode, "median", t[Math.floor(n / 2)]?.toFixed(2));
await ctx.dispose();
