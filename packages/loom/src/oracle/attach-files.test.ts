import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createToolContext, Workspace } from "@toolkit/core";
import { ReadFile } from "@toolkit/fs/loom";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachFiles } from "./attach-files.js";

let base: string;
beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), "loom-attach-")));
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

const text = fc.string({ unit: fc.constantFrom(..."ab yz.\n"), maxLength: 40 });

describe("attachFiles", () => {
  it("attaches files in order, cuts the one that crosses the budget, skips the rest, never passing the budget", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(text, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 120 }),
        async (contents, maxBytes) => {
          const root = join(base, String(run++));
          await mkdir(root);
          const paths = contents.map((_, i) => `f${i}.txt`);
          await Promise.all(contents.map((c, i) => writeFile(join(root, `f${i}.txt`), c)));
          const ctx = createToolContext({ cwd: root, isNonInteractive: true });
          const readFile = new ReadFile({ workspace: new Workspace({ root }) });
          const { files, skipped } = await attachFiles({ paths, readFile, maxBytes, ctx });
          await ctx.dispose();
          expect([...files.map((f) => f.path), ...skipped.map((p) => join(root, p))]).toEqual(
            paths.map((p) => join(root, p)),
          );
          const total = files.reduce((sum, f) => sum + Buffer.byteLength(f.contents), 0);
          expect(total).toBeLessThanOrEqual(maxBytes);
          for (const [i, file] of files.entries()) {
            const whole = contents[i] ?? "";
            expect(whole.startsWith(file.contents)).toBe(true);
            expect(file.truncated).toBe(file.contents !== whole);
            if (i < files.length - 1) expect(file.truncated).toBe(false);
          }
          if (skipped.length > 0) expect(total).toBe(maxBytes);
        },
      ),
      { numRuns: 40 },
    );
  });
});
