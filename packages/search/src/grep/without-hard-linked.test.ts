import { link, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { LocalFileSource } from "@toolkit/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TempTree, tempTree } from "../testing/temp-tree.js";
import type { EngineResult } from "./engine.js";
import { hardLinkedNote, withoutHardLinked } from "./without-hard-linked.js";

let tree: TempTree;
beforeAll(async () => {
  tree = await tempTree();
  await tree.write("one.ts", "x\n");
  await tree.write("twin-a.ts", "x\n");
  await link(join(tree.root, "twin-a.ts"), join(tree.root, "twin-b.ts"));
  await writeFile(join(tree.root, "other.ts"), "x\n");
});
afterAll(() => tree.cleanup());

const match = (path: string) => ({ path, count: 1, lines: [] });
const result = (paths: string[]): EngineResult => ({
  files: paths.map(match),
  skippedBinary: 0,
  skippedLarge: 0,
  truncated: false,
});

describe("withoutHardLinked", () => {
  const source = new LocalFileSource();
  describe("when some files have several names", () => {
    it("drops them and counts them", async () => {
      const out = await withoutHardLinked({
        result: result(["one.ts", "twin-a.ts", "twin-b.ts", "other.ts"]),
        source,
        root: tree.root,
        hardLinks: "refuse",
      });
      expect(out.files.map((f) => f.path)).toEqual(["one.ts", "other.ts"]);
      expect(out.hardLinked).toBe(2);
    });
  });
  describe("when a file with matches is gone by the time it is checked", () => {
    it("drops it too (fail closed) without calling it hard-linked", async () => {
      const out = await withoutHardLinked({
        result: result(["one.ts", "vanished.ts"]),
        source,
        root: tree.root,
        hardLinks: "refuse",
      });
      expect(out.files.map((f) => f.path)).toEqual(["one.ts"]);
      expect(out.hardLinked).toBe(0);
    });
  });
  describe("when the host allows hard links", () => {
    it("returns the result as it is, without a stat", async () => {
      const given = result(["twin-a.ts", "vanished.ts"]);
      expect(await withoutHardLinked({ result: given, source, root: tree.root, hardLinks: "allow" })).toBe(
        given,
      );
    });
  });
});

describe("hardLinkedNote", () => {
  it.each([
    [undefined, undefined],
    [0, undefined],
    [
      1,
      "[Left out 1 file with more than one hard link: another of its names may lie outside the workspace, so it is not shown (the hardLinks option).]",
    ],
    [
      3,
      "[Left out 3 files with more than one hard link: another of their names may lie outside the workspace, so they are not shown (the hardLinks option).]",
    ],
  ])("%s gives %j", (count, note) => {
    expect(hardLinkedNote(count)).toBe(note);
  });
});
