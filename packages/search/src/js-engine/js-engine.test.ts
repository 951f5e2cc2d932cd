import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EngineRequest } from "../grep/engine.js";
import { engineRequest } from "../testing/engine-request.js";
import { type TempTree, tempTree } from "../testing/temp-tree.js";
import { JsEngine } from "./js-engine.js";

let tree: TempTree;
beforeAll(async () => {
  tree = await tempTree();
  for (let i = 0; i < 120; i++)
    await tree.write(`d${i % 7}/f${i}.txt`, i % 3 === 0 ? `x\nhit ${i}\n` : "miss\n");
  await tree.write("d0/bin.dat", Buffer.from([104, 105, 116, 0]));
});
afterAll(() => tree.cleanup());

const request = (overrides: Partial<EngineRequest> = {}): EngineRequest =>
  engineRequest(tree.root, { pattern: "hit \\d+", before: 1, ...overrides });

const sorted = (files: ReadonlyArray<{ path: string }>) =>
  [...files].sort((a, b) => (a.path < b.path ? -1 : 1));

describe("JsEngine", () => {
  describe("when worker threads do the scanning", () => {
    it("finds what the calling thread finds, and counts binaries", async () => {
      const signal = new AbortController().signal;
      const pooled = await new JsEngine({ workers: 2, inlineBelowFiles: 0 }).search(request(), signal);
      const inline = await new JsEngine({ inlineBelowFiles: 10_000 }).search(request(), signal);
      expect(pooled.files).toHaveLength(40);
      expect(sorted(pooled.files)).toEqual(sorted(inline.files));
      expect(sorted(pooled.files)[0]).toEqual({
        path: "d0/f0.txt",
        count: 1,
        lines: [
          [1, "x", false],
          [2, "hit 0", true],
        ],
      });
      expect(pooled.skippedBinary).toBe(1);
      expect(inline.skippedBinary).toBe(1);
    });

    it("stops at maxRows and says so", async () => {
      const result = await new JsEngine({ workers: 2, inlineBelowFiles: 0 }).search(
        request({ mode: "files_with_matches", maxRows: 5 }),
        new AbortController().signal,
      );
      expect(result.truncated).toBe(true);
      expect(result.files.length).toBeGreaterThanOrEqual(5);
      expect(result.files.length).toBeLessThan(40);
    });
  });
});
