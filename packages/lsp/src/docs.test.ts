import { mkdir, rm, writeFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

// Runs every ```ts block of README.md as written (blocks marked no-run, which
// write outside the repo, are left out), from a folder inside the package so
// its imports resolve as a user's would.
const here = import.meta.dirname;
const readme = readFileSync(join(here, "..", "README.md"), "utf8");
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");
const dir = join(here, "..", ".docs-test");

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("README", () => {
  it("has examples", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(2);
  });

  it.each(blocks.map((code, i) => [i + 1, code] as const))("example %i runs", async (i, code) => {
    await mkdir(dir, { recursive: true });
    const file = join(dir, `example-${i}.ts`);
    const source = code.replaceAll('"@toolkit/lsp"', JSON.stringify(join(here, "index.ts")));
    await writeFile(file, source);
    await import(pathToFileURL(file).href);
  });
});
