import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readFile, realpath, rm, stat, symlink, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LocalFileSource } from "./local-file-source.js";

let root: string;
let outside: string;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), "toolkit-core-source-")));
  outside = await realpath(await mkdtemp(join(tmpdir(), "toolkit-core-outside-")));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

const at = (name: string) => join(root, name);
const source = new LocalFileSource({ fsync: false });
const open = (name: string) => source.open(at(name), { realRoot: root });

describe("LocalFileSource", () => {
  describe("when a file is read in chunks", () => {
    it("yields every byte in order while the next chunk is read ahead", async () => {
      const bytes = randomBytes(1_000_003);
      await writeFile(at("r.bin"), bytes);
      const parts: Buffer[] = [];
      const file = await open("r.bin");
      for await (const chunk of file.readChunks({ chunkBytes: 65_536 })) {
        await new Promise((r) => setTimeout(r, 1));
        parts.push(Buffer.from(chunk));
      }
      await file.close();
      expect(parts).toHaveLength(16);
      expect(Buffer.concat(parts).equals(bytes)).toBe(true);
    });
    it("stops cleanly when the reader leaves early", async () => {
      await writeFile(at("r.bin"), randomBytes(300_000));
      let seen = 0;
      const file = await open("r.bin");
      for await (const chunk of file.readChunks({ chunkBytes: 4096 })) {
        seen += chunk.length;
        if (seen >= 8192) break;
      }
      await file.close();
      expect(seen).toBe(8192);
    });
    it("stops with Cancelled when the signal fires", async () => {
      await writeFile(at("r.bin"), randomBytes(100_000));
      const controller = new AbortController();
      const read = async () => {
        const file = await open("r.bin");
        try {
          for await (const _ of file.readChunks({ chunkBytes: 1024, signal: controller.signal })) {
            controller.abort();
          }
        } finally {
          await file.close();
        }
      };
      await expect(read()).rejects.toThrow("Cancelled");
    });
    it("reads a byte range through the source itself", async () => {
      const bytes = randomBytes(10_000);
      await writeFile(at("r.bin"), bytes);
      const parts: Uint8Array[] = [];
      for await (const chunk of source.readChunks(at("r.bin"), {
        realRoot: root,
        start: 100,
        end: 5_100,
        chunkBytes: 1_000,
      }))
        parts.push(Buffer.from(chunk));
      expect(parts).toHaveLength(5);
      expect(Buffer.concat(parts).equals(bytes.subarray(100, 5_100))).toBe(true);
    });
  });

  describe("when a whole file is read", () => {
    it("gives its bytes, and refuses a directory or a link that leads outside", async () => {
      await writeFile(at("a.txt"), "hello");
      await mkdir(at("dir"));
      await writeFile(join(outside, "secret"), "TOP-SECRET");
      await symlink(join(outside, "secret"), at("out"));
      expect(Buffer.from(await source.read(at("a.txt"), { realRoot: root })).toString()).toBe("hello");
      await expect(source.read(at("dir"), { realRoot: root })).rejects.toThrow(
        `IO error: ${at("dir")} is a directory`,
      );
      // The final link is never followed: the read is refused before anything outside is opened.
      await expect(source.read(at("out"), { realRoot: root })).rejects.toThrow(
        /changed while it was being opened/,
      );
      await expect(source.read(at("sub/none"), { realRoot: root })).rejects.toThrow("File not found");
    });
  });

  describe("when a path is missing", () => {
    it("stats it as undefined and opens it as File not found", async () => {
      expect(await source.stat(at("none"))).toBeUndefined();
      await expect(open("none")).rejects.toThrow(`File not found: ${at("none")}`);
    });
    it("is File not found below a file too (nothing can be there)", async () => {
      await writeFile(at("f"), "x");
      expect(await source.stat(at("f/x"))).toBeUndefined();
      await expect(open("f/x")).rejects.toThrow(`File not found: ${at("f/x")}`);
    });
  });

  describe("when a path is stat'ed", () => {
    it("follows a link by default and describes the link itself when asked", async () => {
      await writeFile(at("a.txt"), "abc");
      await utimes(at("a.txt"), 1000, 2000);
      await symlink("a.txt", at("l"));
      const followed = await source.stat(at("l"));
      expect(followed).toMatchObject({ kind: "file", size: 3, mtimeMs: 2_000_000, links: 1 });
      expect((await source.stat(at("l"), { followLinks: false }))?.kind).toBe("symlink");
      expect((await source.stat(root))?.kind).toBe("directory");
    });
  });

  describe("when a directory is listed", () => {
    it("sorts entries, reports symlinks as such, and gives sizes when asked", async () => {
      await writeFile(at("b.txt"), "12");
      await writeFile(at("a.txt"), "1");
      await mkdir(at("d"));
      await symlink("a.txt", at("c"));
      expect(await source.list(root, { realRoot: root, sizes: true })).toEqual([
        { name: "a.txt", kind: "file", size: 1 },
        { name: "b.txt", kind: "file", size: 2 },
        { name: "c", kind: "symlink", size: 0 },
        { name: "d", kind: "directory", size: 0 },
      ]);
      expect(await source.list(root, { realRoot: root })).toEqual([
        { name: "a.txt", kind: "file" },
        { name: "b.txt", kind: "file" },
        { name: "c", kind: "symlink" },
        { name: "d", kind: "directory" },
      ]);
    });
    it("refuses a directory that lies outside the root, through a link on the path or as the last name", async () => {
      await writeFile(join(outside, "secret"), "TOP-SECRET");
      await symlink(outside, at("dlink"));
      await mkdir(at("inner"));
      // A final link is not opened at all (Linux says ENOTDIR to O_DIRECTORY | O_NOFOLLOW, others ELOOP).
      await expect(source.list(at("dlink"), { realRoot: root })).rejects.toThrow(
        /ENOTDIR|changed while it was being opened/,
      );
      await expect(source.list(`${at("dlink")}/.`, { realRoot: root })).rejects.toThrow(
        `Permission denied: ${at("dlink")}/. was opened at ${outside}, outside the workspace ${root}; it was not used`,
      );
      await expect(source.list(at("inner"), { realRoot: at("other") })).rejects.toThrow(
        /outside the workspace/,
      );
    });
    it("says File not found for a missing directory and I/O error for a file", async () => {
      await writeFile(at("f"), "x");
      await expect(source.list(at("none"), { realRoot: root })).rejects.toThrow("File not found");
      await expect(source.list(at("f"), { realRoot: root })).rejects.toThrow(
        `cannot read ${at("f")} (ENOTDIR)`,
      );
    });
  });

  describe("when an entry is renamed", () => {
    it("moves a file into a new directory, keeping its bytes, mode and time", async () => {
      await writeFile(at("a.txt"), "abc", { mode: 0o640 });
      await utimes(at("a.txt"), 1000, 1000);
      await source.rename(at("a.txt"), at("x/y/b.txt"), { realRoot: root });
      expect(await readFile(at("x/y/b.txt"), "utf8")).toBe("abc");
      expect(await source.stat(at("a.txt"))).toBeUndefined();
      expect(await source.stat(at("x/y/b.txt"))).toMatchObject({ mode: 0o640, mtimeMs: 1_000_000 });
    });
    it("replaces a file at the target, and moves a directory with its content", async () => {
      await writeFile(at("a"), "new");
      await writeFile(at("b"), "old");
      await source.rename(at("a"), at("b"), { realRoot: root });
      expect(await readFile(at("b"), "utf8")).toBe("new");
      await mkdir(at("d/e"), { recursive: true });
      await writeFile(at("d/e/f"), "deep");
      await source.rename(at("d"), at("m"), { realRoot: root });
      expect(await readFile(at("m/e/f"), "utf8")).toBe("deep");
    });
    it("moves a link as the link, never what it leads to", async () => {
      await writeFile(join(outside, "secret"), "TOP-SECRET");
      await symlink(join(outside, "secret"), at("l"));
      await source.rename(at("l"), at("k"), { realRoot: root });
      expect((await source.stat(at("k"), { followLinks: false }))?.kind).toBe("symlink");
      expect(await readFile(join(outside, "secret"), "utf8")).toBe("TOP-SECRET");
    });
    it("refuses a directory at the target, a move into itself, the root, and a missing source", async () => {
      await writeFile(at("a"), "x");
      await mkdir(at("d/sub"), { recursive: true });
      await expect(source.rename(at("a"), at("d"), { realRoot: root })).rejects.toThrow(
        `IO error: ${at("d")} is a directory`,
      );
      await expect(source.rename(at("d"), at("d/sub/d"), { realRoot: root })).rejects.toThrow(
        `cannot move ${at("d")} into itself`,
      );
      await expect(source.rename(root, at("r"), { realRoot: root })).rejects.toThrow(/is the workspace root/);
      await expect(source.rename(at("none"), at("b"), { realRoot: root })).rejects.toThrow(
        `File not found: ${at("none")}`,
      );
      expect(await readFile(at("a"), "utf8")).toBe("x");
      await expect(stat(at("d/sub/d"))).rejects.toThrow("ENOENT");
    });
    it("never moves anything out of the root or in from outside, through links on either side", async () => {
      await writeFile(at("a"), "inside");
      await writeFile(join(outside, "secret"), "TOP-SECRET");
      await symlink(outside, at("out"));
      await expect(source.rename(at("a"), at("out/a"), { realRoot: root })).rejects.toThrow(
        /outside the workspace/,
      );
      await expect(source.rename(at("out/secret"), at("got"), { realRoot: root })).rejects.toThrow(
        /outside the workspace/,
      );
      expect(await readFile(at("a"), "utf8")).toBe("inside");
      expect(await readFile(join(outside, "secret"), "utf8")).toBe("TOP-SECRET");
      await expect(stat(join(outside, "a"))).rejects.toThrow("ENOENT");
      await expect(stat(at("got"))).rejects.toThrow("ENOENT");
    });
  });
});
