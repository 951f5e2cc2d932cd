import { type TempWorkspace, tempWorkspace, view } from "@toolkit/test-kit";
import { execFileSync } from "node:child_process";
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Retention, Workspace } from "@toolkit/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FileSource } from "../source/file-source.js";
import { LocalFileSource } from "@toolkit/core";
import { Read } from "./read.js";
import { StaleGuard } from "../tool/stale-guard.js";
import { encodeText } from "../text/text-codec.js";
import { wrapSource } from "../source/test-helpers.js";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

const put = (name: string, content: string | Uint8Array) => writeFile(join(ws.root, name), content);
/** The local source, showing `seen` every chunk read (read `chunkBytes` at a time when given) and `readAll` each whole read. */
function chunkSpy(
  seen: (chunk: Uint8Array) => void,
  chunkBytes?: number,
  readAll: () => void = () => {},
): FileSource {
  const local = new LocalFileSource();
  return wrapSource(local, {
    async open(p, o) {
      const file = await local.open(p, o);
      return {
        path: file.path,
        stat: file.stat,
        close: () => file.close(),
        readAll: () => {
          readAll();
          return file.readAll();
        },
        async *readChunks(c) {
          for await (const chunk of file.readChunks(chunkBytes ? { ...c, chunkBytes } : c)) {
            seen(chunk);
            yield chunk;
          }
        },
      };
    },
  });
}
const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join("\n") + "\n";

describe("Read", () => {
  describe("when the file is short", () => {
    it("numbers every line cat -n style, with no note", async () => {
      await put("a.txt", "alpha\n\tbeta\ngamma");
      const out = await new Read().call({ file_path: "a.txt" }, ws.ctx);
      expect(view(out)).toEqual({ isError: false, text: "1\talpha\n2\t\tbeta\n3\tgamma" });
      expect(out.retention).toBe(Retention.Requery);
    });
    it("right-aligns numbers to the widest shown", async () => {
      await put("a.txt", numbered(12));
      const out = await new Read().call({ file_path: "a.txt", offset: 8, limit: 3 }, ws.ctx);
      expect(out.textContent()).toBe(
        " 8\tline 8\n 9\tline 9\n10\tline 10\n\n[Showing lines 8-10 of 12. To continue, call Read with offset 11.]",
      );
    });
  });
  describe("when lines are left out", () => {
    it("ends with the default limit's range and the offset to continue with", async () => {
      await put("big.txt", numbered(2500));
      const text = (await new Read().call({ file_path: "big.txt" }, ws.ctx)).textContent();
      expect(text.split("\n")).toHaveLength(2002);
      expect(
        text.endsWith(
          "2000\tline 2000\n\n[Showing lines 1-2000 of 2500. To continue, call Read with offset 2001.]",
        ),
      ).toBe(true);
    });
    it("says when the shown range reaches the end", async () => {
      await put("a.txt", numbered(5));
      const out = await new Read().call({ file_path: "a.txt", offset: 4 }, ws.ctx);
      expect(out.textContent()).toBe(
        "4\tline 4\n5\tline 5\n\n[Showing lines 4-5 of 5. That is the end of the file.]",
      );
    });
    it("caps the reply at maxBytes and says so", async () => {
      await put("wide.txt", `${"x".repeat(100)}\n`.repeat(50));
      const out = await new Read({ maxBytes: 1024 }).call({ file_path: "wide.txt" }, ws.ctx);
      expect(out.textContent().split("\n").at(-1)).toBe(
        "[Showing lines 1-7 of 50 (the reply is capped at 1,024 bytes). To continue, call Read with offset 8.]",
      );
      expect(Buffer.byteLength(out.textContent())).toBeLessThanOrEqual(1024);
    });
    it("holds at most 256 KiB of text by default", async () => {
      await put("wide.txt", `${"y".repeat(1999)}\n`.repeat(400));
      const text = (await new Read().call({ file_path: "wide.txt" }, ws.ctx)).textContent();
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(256 * 1024);
      expect(text).toContain("(the reply is capped at 262,144 bytes)");
    });
  });
  describe("when a line is longer than 2000 characters", () => {
    it("cuts it with a marker", async () => {
      await put("long.txt", `${"é".repeat(2500)}\nshort\n`);
      const text = (await new Read().call({ file_path: "long.txt" }, ws.ctx)).textContent();
      expect(text).toBe(`1\t${"é".repeat(2000)} [line cut at 2000 characters; 5000 bytes in all]\n2\tshort`);
    });
  });
  describe("when the offset is past the end or the file is empty", () => {
    it("says the offset is past the end, with the line count", async () => {
      await put("a.txt", numbered(3));
      expect(view(await new Read().call({ file_path: "a.txt", offset: 9 }, ws.ctx))).toEqual({
        isError: true,
        text: "Invalid input: `offset` 9 is past the end of a.txt, which has 3 lines\nCall Read again with an offset from 1 to 3.",
      });
    });
    it("says an empty file is empty", async () => {
      await put("e.txt", "");
      expect(view(await new Read().call({ file_path: "e.txt" }, ws.ctx))).toEqual({
        isError: false,
        text: "e.txt is empty.",
      });
    });
  });
  describe("when the text is encoded differently", () => {
    it("reads CRLF lines without the CR", async () => {
      await put("crlf.txt", "one\r\ntwo\r\n");
      expect((await new Read().call({ file_path: "crlf.txt" }, ws.ctx)).textContent()).toBe("1\tone\n2\ttwo");
    });
    it("drops a UTF-8 BOM", async () => {
      await put("bom.txt", encodeText("héllo\n", "utf8-bom"));
      expect((await new Read().call({ file_path: "bom.txt" }, ws.ctx)).textContent()).toBe("1\théllo");
    });
    it.each(["utf16le", "utf16be"] as const)("decodes %s with a BOM", async (encoding) => {
      await put("u16.txt", encodeText("über\r\n😀 two\n", encoding));
      expect((await new Read().call({ file_path: "u16.txt" }, ws.ctx)).textContent()).toBe(
        "1\tüber\n2\t😀 two",
      );
    });
  });
  describe("when the file is binary or an image", () => {
    it("refuses binary content with its size", async () => {
      await put("blob.bin", Uint8Array.from([1, 2, 0, 3, 4]));
      expect(view(await new Read().call({ file_path: "blob.bin" }, ws.ctx))).toEqual({
        isError: true,
        text: "Invalid input: blob.bin is a binary file (5 bytes), not text; it cannot be shown\nOnly text files and PNG, JPEG, GIF or WebP images can be read; choose another file.",
      });
    });
    it("returns an image part and a one-line summary", async () => {
      const gif = Buffer.alloc(20);
      gif.write("GIF89a", 0, "latin1");
      gif.writeUInt16LE(3, 6);
      gif.writeUInt16LE(2, 8);
      await put("dot.gif", gif);
      const out = await new Read().call({ file_path: "dot.gif" }, ws.ctx);
      expect(out.parts).toEqual([
        { type: "text", text: "Image: dot.gif (GIF, 3x2, 20 bytes)" },
        { type: "image", data: gif.toString("base64"), mediaType: "image/gif" },
      ]);
    });
    it("refuses an image over maxImageBytes", async () => {
      const gif = Buffer.alloc(2000);
      gif.write("GIF89a", 0, "latin1");
      const out = await new Read({ maxImageBytes: 1000 }).call({ file_path: "big.gif" }, ws.ctx);
      expect(out.isError).toBe(true);
      await put("big.gif", gif);
      expect(
        (await new Read({ maxImageBytes: 1000 }).call({ file_path: "big.gif" }, ws.ctx)).textContent(),
      ).toBe(
        "Invalid input: big.gif is a GIF image of 2,000 bytes, over the 1,000 bytes limit\nAsk the user for a smaller version of the image.",
      );
    });
  });
  describe("when the path is not a readable file", () => {
    it("reports a missing file", async () => {
      expect(view(await new Read().call({ file_path: "nope.txt" }, ws.ctx))).toEqual({
        isError: true,
        text: "File not found: nope.txt\nCheck the path (use Glob or Tree to find the file), then retry with a path that exists.",
      });
    });
    it("refuses something that is not a regular file", async () => {
      execFileSync("mkfifo", [join(ws.root, "pipe")]);
      expect((await new Read().call({ file_path: "pipe" }, ws.ctx)).textContent()).toBe(
        'Invalid input: `file_path` "pipe" is not a regular file (a device, socket or pipe)\nFix the arguments so they match the tool\'s input schema, then call it again.',
      );
    });
    it("points a directory to Tree or Glob", async () => {
      await mkdir(join(ws.root, "src"));
      expect((await new Read().call({ file_path: "src" }, ws.ctx)).textContent()).toBe(
        'Invalid input: `file_path` "src" is a directory, not a file\nRead works on files; use Tree or Glob to list a directory.',
      );
    });
    it("names the field and what arrived for a wrong type, alias included", async () => {
      expect((await new Read().call({ path: 7 }, ws.ctx)).textContent()).toBe(
        "Invalid input: `file_path` (sent as `path`) must be string, got integer (7)\nFix the arguments so they match the tool's input schema, then call it again.",
      );
      expect((await new Read().call({ file_path: "a", offset: 0 }, ws.ctx)).textContent()).toMatch(
        /^Invalid input: `offset` must be >= 1, got integer \(0\)/,
      );
    });
    it("accepts `path` for `file_path`, the canonical name winning when both arrive", async () => {
      await put("a.txt", "A\n");
      await put("b.txt", "B\n");
      expect((await new Read().call({ path: "a.txt" }, ws.ctx)).textContent()).toBe("1\tA");
      expect((await new Read().call({ path: "a.txt", file_path: "b.txt" }, ws.ctx)).textContent()).toBe(
        "1\tB",
      );
    });
    it("refuses a symlink leading outside the workspace", async () => {
      const outside = await tempWorkspace("toolkit-fs-out-");
      await writeFile(join(outside.root, "secret"), "TOP SECRET");
      await symlink(join(outside.root, "secret"), join(ws.root, "link"));
      const out = await new Read().call({ file_path: "link" }, ws.ctx);
      await outside.cleanup();
      expect(out.isError).toBe(true);
      expect(out.textContent()).toContain(
        'Permission denied: `file_path` "link" resolves through a symlink to',
      );
      expect(out.textContent()).not.toContain("TOP SECRET");
    });
  });
  describe("when the file grows while it is read", () => {
    it("stops at the size it had when the read began", async () => {
      await put("log.txt", "a\nb\n");
      const local = new LocalFileSource();
      const growing: FileSource = wrapSource(local, {
        async open(p, o) {
          const file = await local.open(p, o);
          await writeFile(p, "a\nb\nc\nd\n");
          return file;
        },
      });
      expect((await new Read({ source: growing }).call({ file_path: "log.txt" }, ws.ctx)).textContent()).toBe(
        "1\ta\n2\tb",
      );
    });
  });
  describe("when the call is cancelled", () => {
    it("stops reading and says Cancelled", async () => {
      await put("a.txt", numbered(10));
      const controller = new AbortController();
      controller.abort();
      const out = await new Read().call({ file_path: "a.txt" }, ws.ctx.withSignal(controller.signal));
      expect(view(out)).toEqual({
        isError: true,
        text: "Cancelled\nThe call was cancelled; stop and wait for the user's next instruction.",
      });
    });
  });
  describe("when it reads", () => {
    it("records the file's hash for the session", async () => {
      await put("a.txt", "data\n");
      await new Read().call({ file_path: "a.txt", limit: 1 }, ws.ctx);
      expect(StaleGuard.of(ws.ctx).get(join(ws.root, "a.txt"))?.hash).toMatch(/^[0-9a-f]{64}$/);
    });
  });
  describe("when the file is too large to hash", () => {
    it("stops reading after the window and says more lines follow", async () => {
      await put("big.txt", numbered(400_000));
      let chunks = 0;
      const counting = chunkSpy(() => chunks++, 64 * 1024);
      const read = new Read({ source: counting, maxHashBytes: 1024 });
      expect((await read.call({ file_path: "big.txt", limit: 2 }, ws.ctx)).textContent()).toBe(
        "1\tline 1\n2\tline 2\n\n[Showing lines 1-2; more lines follow. To continue, call Read with offset 3.]",
      );
      expect(chunks).toBe(1);
      chunks = 0;
      expect(
        (await read.call({ file_path: "big.txt", offset: 100_000, limit: 2 }, ws.ctx)).textContent(),
      ).toBe(
        "100000\tline 100000\n100001\tline 100001\n\n[Showing lines 100000-100001; more lines follow. To continue, call Read with offset 100002.]",
      );
      // Lines 1-100,001 take about 1.3 MB of the file's 5.3 MB: the rest is never read.
      expect(chunks).toBeLessThan(25);
    });
    it("reads a window again from the line index, and a changed file afresh", async () => {
      await put("deep.txt", numbered(400_000));
      const read = { bytes: 0 };
      const counting = chunkSpy((chunk) => {
        read.bytes += chunk.length;
      });
      const tool = new Read({ source: counting, maxHashBytes: 1024 });
      const window = { file_path: "deep.txt", offset: 300_000, limit: 2 };
      const first = (await tool.call(window, ws.ctx)).textContent();
      expect(first.split("\n").slice(0, 2)).toEqual(["300000\tline 300000", "300001\tline 300001"]);
      expect(read.bytes).toBeGreaterThan(3_000_000);
      read.bytes = 0;
      expect((await tool.call(window, ws.ctx)).textContent()).toBe(first);
      // From the line start recorded at the end of the chunk before: at most two 1 MiB chunks.
      expect(read.bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
      // Same size, other lines: the file's new version has no index, so it is read from the top.
      await put("deep.txt", numbered(400_000).replace("line 1\n", "LINE 1\n").replaceAll("line 3", "line_3"));
      read.bytes = 0;
      expect((await tool.call(window, ws.ctx)).textContent().split("\n")[0]).toBe("300000\tline_300000");
      expect(read.bytes).toBeGreaterThan(3_000_000);
    });
    it("still knows the end when the window reaches it", async () => {
      await put("end.txt", numbered(5));
      const read = new Read({ maxHashBytes: 1024 });
      expect((await read.call({ file_path: "end.txt", offset: 4 }, ws.ctx)).textContent()).toBe(
        "4\tline 4\n5\tline 5\n\n[Showing lines 4-5 of 5. That is the end of the file.]",
      );
      expect((await read.call({ file_path: "end.txt", offset: 9 }, ws.ctx)).textContent()).toMatch(
        /^Invalid input: `offset` 9 is past the end of end\.txt, which has 5 lines/,
      );
    });
  });
  describe("when the file is large", () => {
    it("streams it in bounded chunks and never loads it whole", async () => {
      const lines = 400_000;
      await put("huge.txt", numbered(lines));
      const seen = { readFile: 0, maxChunk: 0, chunks: 0 };
      const spy = chunkSpy(
        (chunk) => {
          seen.chunks++;
          seen.maxChunk = Math.max(seen.maxChunk, chunk.length);
        },
        64 * 1024,
        () => seen.readFile++,
      );
      const out = await new Read({ source: spy, workspace: new Workspace({ root: ws.root }) }).call(
        { file_path: "huge.txt", offset: 350_000, limit: 2 },
        ws.ctx,
      );
      expect(out.textContent()).toBe(
        "350000\tline 350000\n350001\tline 350001\n\n[Showing lines 350000-350001 of 400000. To continue, call Read with offset 350002.]",
      );
      expect(seen.readFile).toBe(0);
      expect(seen.maxChunk).toBe(64 * 1024);
      expect(seen.chunks).toBeGreaterThan(50);
    });
  });
});
