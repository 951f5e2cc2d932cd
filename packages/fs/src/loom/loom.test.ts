import { type TempWorkspace, tempWorkspace, view } from "@toolkit/test-kit";
import { mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Retention, toolErrorOf } from "@toolkit/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
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
const FIX = "Fix the arguments so they match the tool's input schema, then call it again.";
/** Toolkit's own tools, which a model in a Loom registry does not have. */
const TOOLKIT_TOOLS = /\b(Glob|Tree|Read|Write|Edit|MultiEdit|Grep|FileViewer|Shell)\b/;

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
    it("keeps a BOM as U+FEFF and counts it against max_bytes, as from_utf8_lossy does", async () => {
      await writeFile(at("b.txt"), Buffer.from([0xef, 0xbb, 0xbf, 0x61, 0x62]));
      const read = (max_bytes: number) => tools().readFile_.call({ path: "b.txt", max_bytes }, ws.ctx);
      expect((await read(5)).structuredValue()).toEqual({
        path: at("b.txt"),
        contents: "\uFEFFab",
        truncated: false,
      });
      expect((await read(4)).structuredValue()).toEqual({
        path: at("b.txt"),
        contents: "\uFEFFa",
        truncated: true,
      });
    });
    it("reads UTF-16 and binary bytes as lossy UTF-8 instead of refusing them", async () => {
      await writeFile(at("u.txt"), Buffer.from([0xff, 0xfe, 0x61, 0x00]));
      await writeFile(at("b.bin"), Buffer.from([0x00, 0x01, 0xc3]));
      expect((await tools().readFile_.call({ path: "u.txt" }, ws.ctx)).structuredValue()).toMatchObject({
        contents: "\uFFFD\uFFFDa\u0000",
      });
      expect((await tools().readFile_.call({ path: "b.bin" }, ws.ctx)).structuredValue()).toMatchObject({
        contents: "\u0000\u0001\uFFFD",
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
    it("cuts at the byte, as Loom's from_utf8_lossy(&bytes[..max_bytes]) does", async () => {
      await writeFile(at("m.txt"), "ab€cd");
      const read = (max_bytes: number) => tools().readFile_.call({ file_path: "m.txt", max_bytes }, ws.ctx);
      expect((await read(4)).structuredValue()).toEqual({
        path: at("m.txt"),
        contents: "ab\uFFFD",
        truncated: true,
      });
      expect((await read(5)).structuredValue()).toEqual({
        path: at("m.txt"),
        contents: "ab€",
        truncated: true,
      });
      expect((await read(0)).structuredValue()).toEqual({ path: at("m.txt"), contents: "", truncated: true });
    });
  });
  describe("when the call cannot be served", () => {
    it("answers a missing file with Loom's text and the absolute path", async () => {
      expect(view(await tools().readFile_.call({ path: "missing.txt" }, ws.ctx))).toEqual({
        isError: true,
        text: `Error: File not found: ${ws.root}/missing.txt`,
      });
    });
    it("refuses a max_bytes over 16 MiB or below 0", async () => {
      await writeFile(at("a.txt"), "x");
      for (const [max_bytes, text] of [
        [16 * 1024 * 1024 + 1, "max_bytes must be at most 16777216 (16 MiB), got 16777217"],
        [-1, "max_bytes must not be negative, got -1"],
      ] as const) {
        expect((await tools().readFile_.call({ path: "a.txt", max_bytes }, ws.ctx)).textContent()).toBe(
          `Error: ${text}\n${FIX}`,
        );
      }
    });
    it("refuses a field it does not know instead of ignoring it", async () => {
      expect((await tools().readFile_.call({ path: "a.txt", max_byte: 3 }, ws.ctx)).textContent()).toBe(
        `Error: unknown field \`max_byte\`, expected \`path\` or \`max_bytes\`\n${FIX}`,
      );
    });
    it("answers a path outside the workspace as PathOutsideWorkspace", async () => {
      const out = await tools().readFile_.call({ path: "/etc/passwd" }, ws.ctx);
      expect(out.textContent()).toBe("Error: Path outside workspace: /etc/passwd");
      expect(toolErrorOf(out)).toMatchObject({ loomKind: "PathOutsideWorkspace" });
    });
    it("points a directory to list_files", async () => {
      await mkdir(at("d"));
      expect((await tools().readFile_.call({ path: "d" }, ws.ctx)).textContent()).toBe(
        'Error: `path` "d" is a directory, not a file\nread_file reads files; use list_files to list a directory.',
      );
    });
  });
});

describe("edit_file", () => {
  describe("when the edits apply", () => {
    it("needs no prior read and returns exactly path, edits_applied, original_bytes, new_bytes", async () => {
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
      expect(out.structuredValue()).toStrictEqual({
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
      const out = await editFile.call(
        { path: "log/n.txt", edits: [{ old_str: "", new_str: "b\n" }] },
        ws.ctx,
      );
      expect(out.structuredValue()).toEqual({
        path: at("log/n.txt"),
        edits_applied: 1,
        original_bytes: 2,
        new_bytes: 4,
      });
      expect(await readFile(at("log/n.txt"), "utf8")).toBe("a\nb\n");
    });
    it("applies an edit whose old_str equals its new_str, as Loom does", async () => {
      await writeFile(at("a.txt"), "same\n");
      const out = await tools().editFile.call(
        { path: "a.txt", edits: [{ old_str: "same", new_str: "same" }] },
        ws.ctx,
      );
      expect(view(out)).toEqual({
        isError: false,
        text: JSON.stringify({ path: at("a.txt"), edits_applied: 1, original_bytes: 5, new_bytes: 5 }),
      });
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
    });
    it("matches line endings exactly, as Loom's matches() does", async () => {
      await writeFile(at("w.txt"), "x\r\ny\r\n");
      const { editFile } = tools();
      expect(
        (
          await editFile.call({ path: "w.txt", edits: [{ old_str: "x\ny", new_str: "z" }] }, ws.ctx)
        ).textContent(),
      ).toBe("Error: old_str not found: x\ny");
      await editFile.call({ path: "w.txt", edits: [{ old_str: "x\r\ny", new_str: "x\r\nz" }] }, ws.ctx);
      expect(await readFile(at("w.txt"), "utf8")).toBe("x\r\nz\r\n");
    });
  });
  describe("when an edit fails", () => {
    it("answers old_str not found: <old_str> and writes nothing", async () => {
      await writeFile(at("a.txt"), "one\n");
      const out = await tools().editFile.call(
        {
          path: "a.txt",
          edits: [
            { old_str: "one", new_str: "1" },
            { old_str: "zzz", new_str: "y" },
          ],
        },
        ws.ctx,
      );
      expect(view(out)).toEqual({ isError: true, text: "Error: old_str not found: zzz" });
      expect(toolErrorOf(out)).toMatchObject({ loomKind: "InvalidArguments", kind: "InvalidInput" });
      expect(await readFile(at("a.txt"), "utf8")).toBe("one\n");
    });
    it("answers old_str found N times, use replace_all and writes nothing", async () => {
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
      expect(view(out)).toEqual({ isError: true, text: "Error: old_str found 2 times, use replace_all" });
      expect(await readFile(at("a.txt"), "utf8")).toBe("aa bb aa\n");
    });
    it("answers a missing file with a non-empty old_str as old_str not found", async () => {
      const out = await tools().editFile.call(
        { path: "no.txt", edits: [{ old_str: "a", new_str: "b" }] },
        ws.ctx,
      );
      expect(out.textContent()).toBe("Error: old_str not found: a");
      await expect(readFile(at("no.txt"))).rejects.toThrow("ENOENT");
    });
    it("refuses a file that is not UTF-8 and leaves it untouched", async () => {
      const bad = Buffer.from([0x6f, 0x6b, 0xc3, 0x28]);
      await writeFile(at("bad.txt"), bad);
      const out = await tools().editFile.call(
        { path: "bad.txt", edits: [{ old_str: "", new_str: "x" }] },
        ws.ctx,
      );
      expect(out.textContent()).toBe(
        "Error: bad.txt is not valid UTF-8 (binary, or another encoding); it was not changed\nedit_file edits UTF-8 text files; read_file shows the bytes with U+FFFD for what is not UTF-8.",
      );
      expect(await readFile(at("bad.txt"))).toEqual(bad);
    });
    it("refuses text UTF-8 cannot hold and unknown fields", async () => {
      const { editFile } = tools();
      expect(
        (
          await editFile.call({ path: "a.txt", edits: [{ old_str: "", new_str: "\uD800" }] }, ws.ctx)
        ).textContent(),
      ).toBe(`Error: edits[0].new_str holds a lone surrogate, which UTF-8 cannot store\n${FIX}`);
      expect(
        (
          await editFile.call({ path: "a.txt", edits: [{ old_str: "", new_str: "x", all: true }] }, ws.ctx)
        ).textContent(),
      ).toBe(
        `Error: unknown field \`edits[0].all\`, expected one of \`old_str\`, \`new_str\`, \`replace_all\`\n${FIX}`,
      );
      await expect(readFile(at("a.txt"))).rejects.toThrow("ENOENT");
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
    it("lists the directory's entries with exactly path, size and is_dir", async () => {
      expect((await tools().listFiles.call({}, ws.ctx)).structuredValue()).toStrictEqual({
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
    it("descends 10 levels by default, and no more", async () => {
      const deep = Array.from({ length: 12 }, (_, i) => `d${i}`).join("/");
      await mkdir(at(deep), { recursive: true });
      const out = await tools().listFiles.call({ path: "d0", recursive: true }, ws.ctx);
      const { files } = out.structuredValue() as { files: Array<{ path: string }> };
      expect(files.map((f) => f.path.split("/").length)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    });
    it.each([[11], [0]])("refuses max_depth %d: at most 10 levels", async (max_depth) => {
      expect((await tools().listFiles.call({ recursive: true, max_depth }, ws.ctx)).textContent()).toBe(
        `Error: max_depth must be between 1 and 10, got ${max_depth}\n${FIX}`,
      );
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
    it("answers Loom's File not found with the absolute path", async () => {
      expect(view(await tools().listFiles.call({ path: "nowhere" }, ws.ctx))).toEqual({
        isError: true,
        text: `Error: File not found: ${ws.root}/nowhere`,
      });
    });
  });
  describe("when the path is a file or outside", () => {
    it("says to use read_file for a file", async () => {
      expect((await tools().listFiles.call({ path: "top.md" }, ws.ctx)).textContent()).toBe(
        'Error: `path` "top.md" is a file, not a directory\nPass a directory to list_files, or use read_file for a file.',
      );
    });
    it("answers a path outside as PathOutsideWorkspace", async () => {
      expect((await tools().listFiles.call({ path: ".." }, ws.ctx)).textContent()).toBe(
        `Error: Path outside workspace: ${join(ws.root, "..")}`,
      );
    });
  });
});

describe("the Loom tools' advice", () => {
  it("names Loom tools, never Toolkit's Glob, Tree, Read or Write", async () => {
    await mkdir(at("d"));
    await writeFile(at("f.txt"), "x");
    await writeFile(at("bad.txt"), Buffer.from([0xc3, 0x28]));
    const { readFile_, editFile, listFiles } = tools();
    const failures = await Promise.all([
      readFile_.call({ path: "d" }, ws.ctx),
      readFile_.call({ path: "missing" }, ws.ctx),
      readFile_.call({ path: "f.txt", max_bytes: -1 }, ws.ctx),
      readFile_.call({ path: "" }, ws.ctx),
      readFile_.call({ path: "a\0b" }, ws.ctx),
      editFile.call({ path: "d", edits: [{ old_str: "", new_str: "x" }] }, ws.ctx),
      editFile.call({ path: "missing", edits: [{ old_str: "x", new_str: "y" }] }, ws.ctx),
      editFile.call({ path: "bad.txt", edits: [{ old_str: "", new_str: "x" }] }, ws.ctx),
      editFile.call({ path: "../x", edits: [{ old_str: "", new_str: "x" }] }, ws.ctx),
      listFiles.call({ path: "f.txt" }, ws.ctx),
      listFiles.call({ path: "missing" }, ws.ctx),
      listFiles.call({ path: "file://x" }, ws.ctx),
    ]);
    for (const out of failures) {
      expect(out.isError).toBe(true);
      expect(out.textContent()).toMatch(/^Error: /);
      expect(out.textContent()).not.toMatch(TOOLKIT_TOOLS);
    }
  });
});

describe("the Differences from Loom table", () => {
  it("answers a missing path outside as PathOutsideWorkspace, without looking at it", async () => {
    const out = await tools().readFile_.call({ path: "../toolkit-no-such-file" }, ws.ctx);
    expect(out.textContent()).toBe(
      `Error: Path outside workspace: ${join(ws.root, "../toolkit-no-such-file")}`,
    );
  });
  it("applies at most 50 edits per call", async () => {
    const edits = Array.from({ length: 51 }, () => ({ old_str: "", new_str: "x" }));
    expect((await tools().editFile.call({ path: "a.txt", edits }, ws.ctx)).textContent()).toBe(
      "Error: edits holds 51 edits, at most 50 are applied in one call\nSplit the edits over several edit_file calls.",
    );
    await expect(readFile(at("a.txt"))).rejects.toThrow("ENOENT");
  });
  it("answers arguments that fail the schema in the registry's form", async () => {
    expect((await tools().readFile_.call({}, ws.ctx)).textContent()).toBe(
      `Invalid input: missing required field \`path\` (expected string)\n${FIX}`,
    );
  });
});
