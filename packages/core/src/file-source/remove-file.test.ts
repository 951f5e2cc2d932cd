import { mkdir, mkdtemp, readFile, realpath, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LocalFileSource } from "./local-file-source.js";
import { MemoryFileSource } from "./memory-file-source.js";

/** A fresh temp directory (real path) and a way to remove it. */
interface TempWorkspace {
  root: string;
  cleanup(): Promise<void>;
}
async function tempWorkspace(prefix = "toolkit-core-remove-"): Promise<TempWorkspace> {
  const root = await realpath(await mkdtemp(join(tmpdir(), prefix)));
  return { root, cleanup: () => rm(root, { recursive: true, force: true }) };
}

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

const gone = (path: string) =>
  stat(path).then(
    () => false,
    () => true,
  );
const message = (p: Promise<unknown>) =>
  p.then(
    () => "resolved",
    (e: Error) => e.message,
  );

describe("LocalFileSource.remove", () => {
  describe("when the file is there and unchanged", () => {
    it("removes it, and only it", async () => {
      const source = new LocalFileSource({ fsync: false });
      await writeFile(join(ws.root, "a.txt"), "a");
      await writeFile(join(ws.root, "b.txt"), "b");
      const version = (await source.stat(join(ws.root, "a.txt")))?.version;
      await source.remove(join(ws.root, "a.txt"), {
        realRoot: ws.root,
        ...(version ? { expectVersion: version } : {}),
      });
      expect(await gone(join(ws.root, "a.txt"))).toBe(true);
      expect(await readFile(join(ws.root, "b.txt"), "utf8")).toBe("b");
    });
  });
  describe("when the path is not a plain file, or the file changed", () => {
    it("refuses a link, a directory, a missing file and a changed one", async () => {
      const source = new LocalFileSource({ fsync: false });
      const outside = await tempWorkspace("toolkit-fs-outside-");
      try {
        await writeFile(join(outside.root, "victim.txt"), "v");
        await symlink(join(outside.root, "victim.txt"), join(ws.root, "link.txt"));
        await mkdir(join(ws.root, "dir"));
        await writeFile(join(ws.root, "c.txt"), "c");
        const o = { realRoot: ws.root };
        expect(await message(source.remove(join(ws.root, "link.txt"), o))).toBe(
          `Permission denied: ${join(ws.root, "link.txt")} is a symlink; it was not removed`,
        );
        expect(await readFile(join(outside.root, "victim.txt"), "utf8")).toBe("v");
        expect(await message(source.remove(join(ws.root, "dir"), { ...o, shown: "dir" }))).toBe(
          "IO error: dir is a directory; it was not removed",
        );
        expect(
          await message(source.remove(join(ws.root, "none", "x.txt"), { ...o, shown: "none/x.txt" })),
        ).toMatch(/^File not found: none\/x\.txt/);
        expect(await gone(join(ws.root, "none"))).toBe(true);
        expect(
          await message(
            source.remove(join(ws.root, "c.txt"), { ...o, shown: "c.txt", expectVersion: "1:2:3:4:5" }),
          ),
        ).toBe(
          "Execution error: c.txt changed on disk while the change was being prepared; it was not removed",
        );
        expect(await readFile(join(ws.root, "c.txt"), "utf8")).toBe("c");
      } finally {
        await outside.cleanup();
      }
    });
  });
});

describe("MemoryFileSource.remove", () => {
  it("removes a file, and refuses one outside the root, a directory and a changed file", async () => {
    const source = new MemoryFileSource({
      files: { "/ws/d/a.txt": "a", "/ws/b.txt": "b", "/other.txt": "o" },
    });
    const o = { realRoot: "/ws" };
    expect(await message(source.remove("/other.txt", o))).toMatch(/^Permission denied: /);
    expect(await message(source.remove("/ws/d", o))).toMatch(/is a directory; it was not removed$/);
    expect(await message(source.remove("/ws/b.txt", { ...o, expectVersion: "0:0" }))).toMatch(
      /changed on disk/,
    );
    await source.remove("/ws/d/a.txt", o);
    expect(source.paths()).toEqual(["/other.txt", "/ws/b.txt"]);
  });
});
