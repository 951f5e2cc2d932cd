import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LocalFileSource } from "./local-file-source.js";
import { type TempWorkspace, tempWorkspace } from "./test-helpers.js";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

const open = (name: string) => new LocalFileSource().open(join(ws.root, name), { realRoot: ws.root });

describe("LocalFileSource", () => {
  describe("when a file is read in chunks", () => {
    it("yields every byte in order while the next chunk is read ahead", async () => {
      const bytes = randomBytes(1_000_003);
      await writeFile(join(ws.root, "r.bin"), bytes);
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
      await writeFile(join(ws.root, "r.bin"), randomBytes(300_000));
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
      await writeFile(join(ws.root, "r.bin"), randomBytes(100_000));
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
  });
  describe("when a path is missing", () => {
    it("stats it as undefined and opens it as File not found", async () => {
      const source = new LocalFileSource();
      expect(await source.stat(join(ws.root, "none"))).toBeUndefined();
      await expect(source.open(join(ws.root, "none"), { realRoot: ws.root })).rejects.toThrow(
        `File not found: ${join(ws.root, "none")}`,
      );
    });
  });
  describe("when a directory is listed", () => {
    it("sorts entries and reports symlinks as such", async () => {
      await writeFile(join(ws.root, "b.txt"), "12");
      await writeFile(join(ws.root, "a.txt"), "1");
      const { symlink } = await import("node:fs/promises");
      await symlink("a.txt", join(ws.root, "c"));
      expect(await new LocalFileSource().list(ws.root, { realRoot: ws.root })).toEqual([
        { name: "a.txt", kind: "file", size: 1 },
        { name: "b.txt", kind: "file", size: 2 },
        { name: "c", kind: "symlink", size: 0 },
      ]);
    });
  });
});
