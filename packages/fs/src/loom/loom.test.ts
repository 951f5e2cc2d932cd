import { type TempWorkspace, tempWorkspace, view } from "@toolkit/test-kit";
import { mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Retention } from "@toolkit/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { encodeText } from "../text/text-codec.js";
import { createLoomTools } from "./create-loom-tools.js";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

const at = (name: string) => join(ws.root, name);
const tools = () => {
  const [readFile_, editFile, listFiles] = createLoomTools();
  return { readFile_, editFile, listFiles };
};

describe("createLoomTools", () => {
  describe("when called", () => {
    it("returns read_file, edit_file and list_files", () => {
      expect(createLoomTools().map((t) => t.name)).toEqual(["read_file", "edit_file", "list_files"]);
    });
  });
});

describe("read_file", () => {
  describe("when the file fits in max_bytes", () => {
    it("returns {path, contents, truncated: false}", async () => {
      await writeFile(at("a.txt"), "hello\r\nworld\n");
      const out = await tools().readFile_.call({ path: "a.txt" }, ws.ctx);
      expect(out.structuredValue()).toEqual({
        path: at("a.txt"),
        contents: "hello\r\nworld\n",
        truncated: false,
      });
      expect(out.retention).toBe(Retention.Requery);
    });
    it("drops a BOM and decodes UTF-16", async () => {
      await writeFile(at("u.txt"), encodeText("ünï\n", "utf16le"));
      expect((await tools().readFile_.call({ path: "u.txt" }, ws.ctx)).structuredValue()).toEqual({
        path: at("u.txt"),
        contents: "ünï\n",
        truncated: false,
      });
    });
  });
  describe("when the path is relative or goes through a link", () => {
    it("answers with the canonical path, as Loom's validate_path gives it", async () => {
      await mkdir(at("real"));
      await writeFile(at("real/f.txt"), "x");
      await symlink("real", at("alias"));
      for (const path of ["alias/f.txt", "./real/../alias/f.txt", at("alias/f.txt")]) {
        expect((await tools().readFile_.call({ path }, ws.ctx)).structuredValue()).toEqual({
          path: at("real/f.txt"),
          contents: "x",
          truncated: false,
        });
      }
    });
  });
  describe("when the file is longer than max_bytes", () => {
    it("cuts on a character boundary and says truncated", async () => {
      await writeFile(at("m.txt"), "ab€cd");
      expect(
        (await tools().readFile_.call({ path: "m.txt", max_bytes: 4 }, ws.ctx)).structuredValue(),
      ).toEqual({
        path: at("m.txt"),
        contents: "ab",
        truncated: true,
      });
      expect(
        (await tools().readFile_.call({ file_path: "m.txt", max_bytes: 5 }, ws.ctx)).structuredValue(),
      ).toEqual({
        path: at("m.txt"),
        contents: "ab€",
        truncated: true,
      });
    });
  });
  describe("when the file cannot be read", () => {
    it("refuses binary content", async () => {
      await writeFile(at("b.bin"), Uint8Array.from([0, 1, 2]));
      expect(view(await tools().readFile_.call({ path: "b.bin" }, ws.ctx))).toEqual({
        isError: true,
        text: "Invalid input: b.bin is a binary file (3 bytes), not text; it cannot be shown\nOnly text files and PNG, JPEG, GIF or WebP images can be read; choose another file.",
      });
    });
    it("refuses a max_bytes over 16 MiB", async () => {
      expect(
        (
          await tools().readFile_.call({ path: "a.txt", max_bytes: 16 * 1024 * 1024 + 1 }, ws.ctx)
        ).textContent(),
      ).toMatch(/^Invalid input: `max_bytes` must be <= 16777216, got integer \(16777217\)/);
    });
    it("refuses a path outside the workspace", async () => {
      expect((await tools().readFile_.call({ path: "/etc/passwd" }, ws.ctx)).textContent()).toBe(
        `Permission denied: \`path\` "/etc/passwd" is outside the workspace ${ws.root}\nUse a path inside the workspace (relative to its root, or absolute under it).`,
      );
    });
  });
});

describe("edit_file", () => {
  describe("when the edits apply", () => {
    it("needs no prior read and returns the byte counts", async () => {
      await writeFile(at("a.txt"), "one two\n");
      const out = await tools().editFile.call(
        {
          path: "a.txt",
          edits: [
            { old_str: "one", new_str: "1" },
            { old_string: "two", new_string: "2" },
          ],
        },
        ws.ctx,
      );
      expect(out.structuredValue()).toEqual({
        path: at("a.txt"),
        edits_applied: 2,
        original_bytes: 8,
        new_bytes: 4,
      });
      expect(out.retention).toBe(Retention.Durable);
      expect(await readFile(at("a.txt"), "utf8")).toBe("1 2\n");
    });
    it("appends for an empty old_str, creating the file", async () => {
      const { editFile } = tools();
      await editFile.call({ path: "log/n.txt", edits: [{ old_str: "", new_str: "a\n" }] }, ws.ctx);
      await editFile.call({ path: "log/n.txt", edits: [{ old_str: "", new_str: "b\n" }] }, ws.ctx);
      expect(await readFile(at("log/n.txt"), "utf8")).toBe("a\nb\n");
    });
    it("succeeds on a replace_all that matches nothing and leaves the file alone", async () => {
      await writeFile(at("a.txt"), "one\n");
      const out = await tools().editFile.call(
        {
          path: "a.txt",
          edits: [
            { old_str: "zzz", new_str: "y", replace_all: true },
            { old_str: "one", new_str: "1", replace_all: true },
          ],
        },
        ws.ctx,
      );
      expect(out.structuredValue()).toEqual({
        path: at("a.txt"),
        edits_applied: 2,
        original_bytes: 4,
        new_bytes: 2,
      });
      expect(await readFile(at("a.txt"), "utf8")).toBe("1\n");
      const none = await tools().editFile.call(
        { path: "a.txt", edits: [{ old_str: "zzz", new_str: "y", replace_all: true }] },
        ws.ctx,
      );
      expect(none.structuredValue()).toEqual({
        path: at("a.txt"),
        edits_applied: 1,
        original_bytes: 2,
        new_bytes: 2,
      });
    });
    it("still fails a single replacement that matches nothing", async () => {
      await writeFile(at("a.txt"), "one\n");
      const out = await tools().editFile.call(
        { path: "a.txt", edits: [{ old_str: "zzz", new_str: "y" }] },
        ws.ctx,
      );
      expect(out.textContent()).toMatch(/^Execution error: `edits\[0\]\.old_str` was not found in a\.txt/);
    });
    it("keeps CRLF line endings", async () => {
      await writeFile(at("w.txt"), "x\r\ny\r\n");
      await tools().editFile.call({ path: "w.txt", edits: [{ old_str: "x\ny", new_str: "x\nz" }] }, ws.ctx);
      expect(await readFile(at("w.txt"), "utf8")).toBe("x\r\nz\r\n");
    });
  });
  describe("when an edit fails", () => {
    it("names the edit and writes nothing", async () => {
      await writeFile(at("a.txt"), "aa bb aa\n");
      const out = await tools().editFile.call(
        {
          path: "a.txt",
          edits: [
            { old_str: "bb", new_str: "cc" },
            { old_str: "aa", new_str: "dd" },
          ],
        },
        ws.ctx,
      );
      expect(out.textContent()).toBe(
        "Execution error: `edits[1].old_str` occurs 2 times (lines 1, 1) in a.txt as changed by the earlier edits; nothing was written\nAdd surrounding lines to `edits[1].old_str` so it matches exactly once, or set `edits[1].replace_all` to true to change every occurrence.",
      );
      expect(await readFile(at("a.txt"), "utf8")).toBe("aa bb aa\n");
    });
    it("reports a missing file when the first edit is not an append", async () => {
      expect(
        (
          await tools().editFile.call({ path: "no.txt", edits: [{ old_str: "a", new_str: "b" }] }, ws.ctx)
        ).textContent(),
      ).toBe(
        "File not found: no.txt\nTo create the file, use Write, or Edit with an empty `edits[0].old_str`.",
      );
    });
  });
});

describe("list_files", () => {
  beforeEach(async () => {
    await mkdir(at("src/deep/er"), { recursive: true });
    await writeFile(at("src/a.ts"), "12345");
    await writeFile(at("src/deep/b.ts"), "1");
    await writeFile(at("src/deep/er/c.ts"), "12");
    await writeFile(at("top.md"), "#");
  });
  describe("when not recursive", () => {
    it("lists the directory's entries", async () => {
      expect((await tools().listFiles.call({}, ws.ctx)).structuredValue()).toEqual({
        files: [
          { path: "src", size: 0, is_dir: true },
          { path: "top.md", size: 1, is_dir: false },
        ],
      });
    });
  });
  describe("when recursive", () => {
    it("descends up to max_depth levels", async () => {
      const out = await tools().listFiles.call({ path: "src", recursive: true, max_depth: 2 }, ws.ctx);
      expect(out.structuredValue()).toEqual({
        files: [
          { path: "src/a.ts", size: 5, is_dir: false },
          { path: "src/deep", size: 0, is_dir: true },
          { path: "src/deep/b.ts", size: 1, is_dir: false },
          { path: "src/deep/er", size: 0, is_dir: true },
        ],
      });
    });
    it("leaves out symlinks that lead outside the workspace", async () => {
      const other = await tempWorkspace("toolkit-fs-other-");
      await symlink(other.root, at("src/out"));
      await symlink("a.ts", at("src/in"));
      const out = await tools().listFiles.call({ path: "src" }, ws.ctx);
      await other.cleanup();
      expect(out.structuredValue()).toEqual({
        files: [
          { path: "src/a.ts", size: 5, is_dir: false },
          { path: "src/deep", size: 0, is_dir: true },
          { path: "src/in", size: 5, is_dir: false },
        ],
      });
    });
    it("says truncated when maxEntries is reached", async () => {
      const [, , list] = createLoomTools({ list: { maxEntries: 2 } });
      expect((await list.call({ recursive: true }, ws.ctx)).structuredValue()).toEqual({
        files: [
          { path: "src", size: 0, is_dir: true },
          { path: "src/a.ts", size: 5, is_dir: false },
        ],
        truncated: true,
      });
    });
  });
  describe("when the path does not exist", () => {
    it("reports it as not found", async () => {
      expect((await tools().listFiles.call({ path: "nowhere" }, ws.ctx)).textContent()).toBe(
        "File not found: nowhere\nCheck the path (list the directory or search for the file), then retry with a path that exists.",
      );
    });
  });
  describe("when the path is a file", () => {
    it("says to use read_file", async () => {
      expect((await tools().listFiles.call({ path: "top.md" }, ws.ctx)).textContent()).toBe(
        'Invalid input: `path` "top.md" is a file, not a directory\nPass a directory to list_files, or use read_file for a file.',
      );
    });
  });
});
