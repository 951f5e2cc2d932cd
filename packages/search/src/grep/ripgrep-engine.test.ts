import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EngineRequest } from "./engine.js";
import { bundledRipgrep } from "./find-ripgrep.js";
import { RipgrepEngine } from "./ripgrep-engine.js";
import { engineRequest } from "../testing/engine-request.js";
import { type TempTree, tempTree } from "../testing/temp-tree.js";

let tree: TempTree;
let engine: RipgrepEngine;
beforeAll(async () => {
  tree = await tempTree("toolkit-rg-");
  await tree.write("t.txt", "a hello\nb\nc\nd\ne hello\nf\r\n");
  await tree.write("sub/new\nline.txt", "hello");
  await tree.write("bin.dat", "hello\0world\nhello\n");
  await tree.write("lat.txt", Buffer.from("x\xe9 hello\n", "latin1"));
  engine = new RipgrepEngine({ binary: (await bundledRipgrep()) as string });
});
afterAll(() => tree.cleanup());

const request = (over: Partial<EngineRequest>): EngineRequest =>
  engineRequest(tree.root, { pattern: "hello", countSkipped: false, ...over });

const byPath = (files: Array<{ path: string }>) => [...files].sort((a, b) => a.path.localeCompare(b.path));

describe("RipgrepEngine in content mode", () => {
  it("reads ripgrep's plain lines: context, CR, a newline in a path, bytes that are not UTF-8", async () => {
    const result = await engine.search(request({ before: 1, after: 1 }), new AbortController().signal);
    expect(byPath(result.files)).toEqual([
      { path: "lat.txt", count: 1, lines: [[1, "x\uFFFD hello", true]] },
      { path: "sub/new\nline.txt", count: 1, lines: [[1, "hello", true]] },
      {
        path: "t.txt",
        count: 2,
        lines: [
          [1, "a hello", true],
          [2, "b", false],
          [4, "d", false],
          [5, "e hello", true],
          [6, "f\r", false],
        ],
      },
    ]);
  });
  it("skips ripgrep's note on a binary file whose NUL comes after some matches", async () => {
    const late = `${Array.from({ length: 30_000 }, (_, i) => `hello ${i + 1}`).join("\n")}\nx\0y\nhello end\n`;
    await tree.write("late/late.bin", late);
    const result = await engine.search(
      request({ target: "late", maxRows: 100_000 }),
      new AbortController().signal,
    );
    const lines = result.files.flatMap((f) => f.lines);
    expect(result.files.map((f) => f.path)).toEqual(["late/late.bin"]);
    // ripgrep stops at the buffer that holds the NUL: the lines before it, in order, and no note.
    expect(lines.length).toBeGreaterThan(1000);
    expect(lines).toEqual(lines.map((_, i) => [i + 1, `hello ${i + 1}`, true]));
  });
  it("keeps JSON for files given by name, which shows a binary file's lines", async () => {
    const result = await engine.search(
      request({ files: ["bin.dat", "t.txt"] }),
      new AbortController().signal,
    );
    expect(byPath(result.files)).toEqual([
      {
        path: "bin.dat",
        count: 2,
        lines: [
          [1, "hello\0world", true],
          [2, "hello", true],
        ],
      },
      {
        path: "t.txt",
        count: 2,
        lines: [
          [1, "a hello", true],
          [5, "e hello", true],
        ],
      },
    ]);
  });
  it("stops at maxRows", async () => {
    const result = await engine.search(
      request({ maxRows: 1, files: ["t.txt"] }),
      new AbortController().signal,
    );
    expect(result.truncated).toBe(true);
    expect(result.files).toEqual([{ path: "t.txt", count: 1, lines: [[1, "a hello", true]] }]);
  });
});
