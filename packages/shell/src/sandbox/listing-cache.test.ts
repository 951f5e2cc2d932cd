import { mkdir, mkdtemp, realpath, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listDirectory } from "./listing-cache.js";

let dir: string;
const names = new Set([".git", ".envrc"]);
/** A clock well after every change made here, so listings are old enough to keep. */
const later = () => BigInt(Date.now() + 60_000) * 1_000_000n;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "listing-cache-")));
  await mkdir(join(dir, "sub"));
  await mkdir(join(dir, ".git"));
  await writeFile(join(dir, "a.txt"), "");
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("listDirectory", () => {
  describe("when the directory has not changed since an old enough listing", () => {
    it("returns that listing without reading the directory again", () => {
      const first = listDirectory(dir, names, "t1", later());
      expect(first).toMatchObject({ entries: 3, subdirs: ["sub"] });
      expect(first?.found.map((e) => e.path)).toEqual([join(dir, ".git")]);
      expect(listDirectory(dir, names, "t1", later())).toBe(first);
    });
  });

  describe("when an entry is added and the mtime set back", () => {
    it("lists it again: the ctime changed", async () => {
      const { mtime } = await stat(dir);
      const first = listDirectory(dir, names, "t2", later());
      await writeFile(join(dir, ".envrc"), "");
      await utimes(dir, mtime, mtime);
      const second = listDirectory(dir, names, "t2", later());
      expect(second).not.toBe(first);
      expect(second?.found.map((e) => e.path).sort()).toEqual([join(dir, ".envrc"), join(dir, ".git")]);
    });
  });

  describe("when the directory changed within the racy window", () => {
    it("does not keep the listing", () => {
      const first = listDirectory(dir, names, "t3");
      expect(listDirectory(dir, names, "t3")).not.toBe(first);
    });
  });

  describe("when the directory is gone", () => {
    it("returns undefined", () => {
      expect(listDirectory(join(dir, "absent"), names, "t4")).toBeUndefined();
    });
  });
});
