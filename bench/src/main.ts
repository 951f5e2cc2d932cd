// `pnpm bench [name...]`: runs every case under src/cases (or those named) and prints one table.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type BenchCase, printTable, type Row } from "./harness.js";

const wanted = process.argv.slice(2);
const dir = join(import.meta.dirname, "cases");
const rows: Row[] = [];
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith(".ts"))
  .sort()) {
  const mod = (await import(pathToFileURL(join(dir, file)).href)) as { cases?: BenchCase[] };
  for (const c of mod.cases ?? []) {
    if (wanted.length && !wanted.some((w) => c.name.includes(w))) continue;
    console.error(`running ${c.name} ...`);
    rows.push(...(await c.run()));
  }
}
printTable(rows);
