import { type TempWorkspace, tempWorkspace, view } from "@toolkit/test-kit";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { DisplayHint, Retention } from "@toolkit/core";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Edit } from "./edit.js";
import type { FileSource } from "../source/file-source.js";
import { LocalFileSource } from "@toolkit/core";
import { Read } from "../read/read.js";
import { encodeText, type TextEncoding } from "../text/text-codec.js";
import { wrapSource } from "../source/test-helpers.js";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

const at = (name: string) => join(ws.root, name);
async function seed(name: string, content: string | Uint8Array): Promise<void> {
  await writeFile(at(name), content);
  await new Read().call({ file_path: name }, ws.ctx);
}
const edit = (input: Record<string, unknown>, tool = new Edit()) => tool.call(input, ws.ctx);

describe("Edit", () => {
  describe("when any line of any file is replaced", () => {
    it("changes exactly that text and keeps the BOM and line endings", async () => {
      let edited = 0;
      const line = fc
        .array(fc.constantFrom("a", "b", "\t", " ", "é", "😀", "{", "}"), { maxLength: 8 })
        .map((c) => c.join(""));
      await fc.assert(
        fc.asyncProperty(
          fc.array(line, { minLength: 1, maxLength: 12 }),
          fc.constantFrom("\n", "\r\n"),
          fc.constantFrom<TextEncoding[]>("utf8", "utf8-bom", "utf16le", "utf16be"),
          fc.boolean(),
          fc.nat(),
          line,
          async (lines, eol, encoding, finalEol, pick, replacement) => {
            const text = lines.join(eol) + (finalEol ? eol : "");
            const target = lines[pick % lines.length] ?? "";
            const count = lines.filter((l) => l === target).length;
            if (target === "" || count !== 1 || replacement === target || text.split(target).length !== 2)
              return;
            await seed("p.txt", encodeText(text, encoding));
            edited++;
            const out = await edit({ file_path: "p.txt", old_string: target, new_string: replacement });
            expect(out.isError).toBe(false);
            const want = encodeText(
              text.replace(target, () => replacement),
              encoding,
            );
            expect(Buffer.from(await readFile(at("p.txt")))).toEqual(Buffer.from(want));
          },
        ),
        { numRuns: 60 },
      );
      expect(edited).toBeGreaterThan(10);
    });
  });
  describe("when old_string occurs once", () => {
    it("replaces it and replies with a numbered unified diff", async () => {
      await seed("a.ts", "const a = 1;\nconst b = 2;\nconst c = 3;\n");
      const out = await edit({ file_path: "a.ts", old_string: "const b = 2;", new_string: "const b = 20;" });
      expect(view(out)).toEqual({
        isError: false,
        text: "Edited a.ts: 1 replacement at line 2.\n\n--- a/a.ts\n+++ b/a.ts\n@@ -1,3 +1,3 @@\n const a = 1;\n-const b = 2;\n+const b = 20;\n const c = 3;",
      });
      expect(out.hint).toBe(DisplayHint.Diff);
      expect(out.retention).toBe(Retention.Durable);
      expect(await readFile(at("a.ts"), "utf8")).toBe("const a = 1;\nconst b = 20;\nconst c = 3;\n");
    });
    it("accepts old_str/new_str and path", async () => {
      await seed("a.txt", "x\n");
      expect((await edit({ path: "a.txt", old_str: "x", new_str: "y" })).isError).toBe(false);
      expect(await readFile(at("a.txt"), "utf8")).toBe("y\n");
    });
  });
  describe("when old_string occurs several times", () => {
    it("lists the count and lines, and writes nothing", async () => {
      await seed("a.txt", "foo\nbar\nfoo\nfoo\n");
      expect(view(await edit({ file_path: "a.txt", old_string: "foo", new_string: "baz" }))).toEqual({
        isError: true,
        text: "Execution error: `old_string` occurs 3 times (lines 1, 3, 4) in a.txt; nothing was written\nAdd surrounding lines to `old_string` so it matches exactly once, or set `replace_all` to true to change every occurrence.",
      });
      expect(await readFile(at("a.txt"), "utf8")).toBe("foo\nbar\nfoo\nfoo\n");
    });
    it("replaces every one with replace_all", async () => {
      await seed("a.txt", "foo\nbar\nfoo\n");
      expect(
        (
          await edit({ file_path: "a.txt", old_string: "foo", new_string: "baz", replace_all: true })
        ).textContent(),
      ).toMatch(/^Edited a\.txt: 2 replacements at line 1\./);
      expect(await readFile(at("a.txt"), "utf8")).toBe("baz\nbar\nbaz\n");
    });
  });
  describe("when the file is one line of several MB", () => {
    const big = "ab".repeat(2 * 1024 * 1024);
    it("counts 2 million matches in one scan and lists only the first ten lines", async () => {
      await seed("one.txt", big);
      const out = await edit({ file_path: "one.txt", old_string: "ab", new_string: "x" });
      expect(view(out)).toEqual({
        isError: true,
        text: `Execution error: \`old_string\` occurs 2,097,152 times (lines ${Array(10).fill(1).join(", ")} and 2,097,142 more) in one.txt; nothing was written\nAdd surrounding lines to \`old_string\` so it matches exactly once, or set \`replace_all\` to true to change every occurrence.`,
      });
    });
    it("replaces every match and cuts the long lines of the diff", async () => {
      await seed("one.txt", big);
      const out = await edit({ file_path: "one.txt", old_string: "ab", new_string: "x", replace_all: true });
      expect(out.textContent()).toBe(
        [
          "Edited one.txt: 2,097,152 replacements at line 1.",
          "",
          "--- a/one.txt",
          "+++ b/one.txt",
          "@@ -1,1 +1,1 @@",
          `-${"ab".repeat(1000)} [line cut: 4,192,304 more characters]`,
          "\\ No newline at end of file",
          `+${"x".repeat(2000)} [line cut: 2,095,152 more characters]`,
          "\\ No newline at end of file",
        ].join("\n"),
      );
      expect(await readFile(at("one.txt"), "utf8")).toBe("x".repeat(2 * 1024 * 1024));
    });
  });
  describe("when old_string is not found", () => {
    it("shows the closest region and how it differs, and writes nothing", async () => {
      await seed("t.go", "func main() {\n\tx := 1\n\ty := 2\n}\n");
      expect(
        view(await edit({ file_path: "t.go", old_string: "    x := 1\n    y := 2", new_string: "z" })),
      ).toEqual({
        isError: true,
        text: "Execution error: `old_string` was not found in t.go; nothing was written. The closest region is lines 2-3:\n2\t\tx := 1\n3\t\ty := 2\nIt differs from `old_string` only in indentation: the file indents with tabs, `old_string` with spaces.\nCopy `old_string` exactly as Read shows it after the line-number tab (same whitespace and indentation), or Read the file again.",
      });
      expect(await readFile(at("t.go"), "utf8")).toBe("func main() {\n\tx := 1\n\ty := 2\n}\n");
    });
    it("says when nothing similar exists", async () => {
      await seed("a.txt", "hello\n");
      expect(
        (await edit({ file_path: "a.txt", old_string: "zzzz qqqq", new_string: "x" })).textContent(),
      ).toBe(
        "Execution error: `old_string` was not found in a.txt, and no similar region was found; nothing was written\nCopy `old_string` exactly as Read shows it after the line-number tab (same whitespace and indentation), or Read the file again.",
      );
    });
  });
  describe("when matching is tolerant", () => {
    it("refuses when several regions match once whitespace is ignored", async () => {
      await seed("t.py", "if a:\n    go()\nif b:\n\tgo()\n");
      expect(
        (
          await edit(
            { file_path: "t.py", old_string: " go() ", new_string: "stop()" },
            new Edit({ matching: "tolerant" }),
          )
        ).textContent(),
      ).toBe(
        "Execution error: `old_string` was not found exactly in t.py, and ignoring whitespace it matches 2 regions; nothing was written\nCopy `old_string` exactly as Read shows it, with enough surrounding lines to match once.",
      );
    });
    it("applies a whitespace-tolerant match and says so", async () => {
      await seed("t.go", "func main() {\n\tx := 1\n}\n");
      const out = await edit(
        { file_path: "t.go", old_string: "  x := 1", new_string: "  x := 2" },
        new Edit({ matching: "tolerant" }),
      );
      expect(out.textContent().split("\n\n")[0]).toBe(
        "Edited t.go: 1 replacement at line 2. Note: `old_string` matched only with leading/trailing whitespace ignored on each line (tolerant matching); the new text was indented like the file.",
      );
      expect(await readFile(at("t.go"), "utf8")).toBe("func main() {\n\tx := 2\n}\n");
    });
  });
  describe("when the file has special bytes", () => {
    it("matches LF text in a CRLF file and keeps CRLF", async () => {
      await seed("w.txt", "one\r\ntwo\r\nthree\r\n");
      await edit({ file_path: "w.txt", old_string: "two\nthree", new_string: "2\n3\n3.5" });
      expect(await readFile(at("w.txt"), "utf8")).toBe("one\r\n2\r\n3\r\n3.5\r\n");
    });
    it("keeps a UTF-8 BOM", async () => {
      await seed("b.txt", encodeText("héllo\n", "utf8-bom"));
      await edit({ file_path: "b.txt", old_string: "héllo", new_string: "hallo" });
      expect(Buffer.from(await readFile(at("b.txt")))).toEqual(
        Buffer.from(encodeText("hallo\n", "utf8-bom")),
      );
    });
    it("keeps UTF-16 with its BOM", async () => {
      await seed("u.txt", encodeText("a\r\nb\r\n", "utf16be"));
      await edit({ file_path: "u.txt", old_string: "b", new_string: "😀" });
      expect(Buffer.from(await readFile(at("u.txt")))).toEqual(
        Buffer.from(encodeText("a\r\n😀\r\n", "utf16be")),
      );
    });
    it("edits tabs, a missing final newline and multi-byte characters exactly", async () => {
      await seed("m.txt", "\tÄpfel → 🍎\n\t\tEnde");
      await edit({ file_path: "m.txt", old_string: "\t\tEnde", new_string: "\t\tFin ✓" });
      await new Read().call({ file_path: "m.txt" }, ws.ctx);
      await edit({ file_path: "m.txt", old_string: "→ 🍎", new_string: "← 🍏" });
      expect(await readFile(at("m.txt"), "utf8")).toBe("\tÄpfel ← 🍏\n\t\tFin ✓");
    });
    it("refuses a file that is not valid text and leaves it untouched", async () => {
      const bytes = Buffer.concat([Buffer.from("text ".repeat(3000)), Uint8Array.from([0xff, 0xfe, 0x41])]);
      await writeFile(at("bad.txt"), bytes);
      await new Read().call({ file_path: "bad.txt" }, ws.ctx);
      expect(
        view(await edit({ file_path: "bad.txt", old_string: "text", new_string: "t", replace_all: true })),
      ).toEqual({
        isError: true,
        text: "Invalid input: bad.txt is not valid text (binary, or not UTF-8/UTF-16); it was not changed\nOnly text files can be edited; choose another file.",
      });
      expect(Buffer.from(await readFile(at("bad.txt")))).toEqual(bytes);
    });
  });
  describe("when old_string is empty", () => {
    it("creates a file that does not exist", async () => {
      const out = await edit({ file_path: "new/n.txt", old_string: "", new_string: "hi\n" });
      expect(out.textContent()).toBe(
        "Created new/n.txt (1 line).\n\n--- /dev/null\n+++ b/new/n.txt\n@@ -0,0 +1,1 @@\n+hi",
      );
      expect(await readFile(at("new/n.txt"), "utf8")).toBe("hi\n");
    });
    it("fills an empty file that was read", async () => {
      await seed("e.txt", "");
      expect((await edit({ file_path: "e.txt", old_string: "", new_string: "x" })).isError).toBe(false);
      expect(await readFile(at("e.txt"), "utf8")).toBe("x");
    });
    it("points to Write for a file with content", async () => {
      await seed("a.txt", "a\n");
      expect((await edit({ file_path: "a.txt", old_string: "", new_string: "x" })).textContent()).toBe(
        "Invalid input: `old_string` is empty; an empty `old_string` only creates a file that does not exist or is empty\nTo replace a whole file use Write; to change part of it, put the text to replace in the old field.",
      );
    });
  });
  describe("when the input is degenerate", () => {
    it("refuses a file over maxFileBytes", async () => {
      await seed("big.txt", "x".repeat(2000));
      expect(
        (
          await edit(
            { file_path: "big.txt", old_string: "x", new_string: "y", replace_all: true },
            new Edit({ maxFileBytes: 1000 }),
          )
        ).textContent(),
      ).toBe(
        "Invalid input: big.txt is 2,000 bytes, over the 1,000 bytes edit limit\nEdit a smaller file, or change this one with a shell command.",
      );
    });
    it("refuses identical strings", async () => {
      await seed("a.txt", "a\n");
      expect((await edit({ file_path: "a.txt", old_string: "a", new_string: "a" })).textContent()).toBe(
        "Invalid input: `old_string` and `new_string` are identical, so the edit would change nothing\nPut the changed text in `new_string`.",
      );
    });
    it("reports a missing file with the way to create it", async () => {
      expect((await edit({ file_path: "no.txt", old_string: "a", new_string: "b" })).textContent()).toBe(
        "File not found: no.txt\nTo create the file, use Write, or Edit with an empty `old_string`.",
      );
    });
  });
  describe("when the file changes behind the session's back", () => {
    it("refuses a file changed by another process between Read and Edit", async () => {
      await seed("a.txt", "v1\n");
      await writeFile(at("a.txt"), "v2 from another process\n");
      expect((await edit({ file_path: "a.txt", old_string: "v2", new_string: "v3" })).textContent()).toBe(
        "Execution error: a.txt has changed since it was last read (another process or an editor wrote to it); nothing was written\nCall Read on the file again, then redo the change against its current content.",
      );
      expect(await readFile(at("a.txt"), "utf8")).toBe("v2 from another process\n");
    });
    it("refuses when the file changes while the edit is being prepared", async () => {
      await seed("a.txt", "v1\n");
      const local = new LocalFileSource();
      const racing: FileSource = wrapSource(local, {
        async open(p, o) {
          const file = await local.open(p, o);
          return {
            path: file.path,
            stat: file.stat,
            readChunks: (c) => file.readChunks(c),
            close: () => file.close(),
            async readAll() {
              const bytes = await file.readAll();
              await writeFile(p, "written meanwhile\n");
              return bytes;
            },
          };
        },
      });
      expect(
        (
          await edit({ file_path: "a.txt", old_string: "v1", new_string: "v2" }, new Edit({ source: racing }))
        ).textContent(),
      ).toBe(
        "Execution error: a.txt changed on disk while the change was being prepared; nothing was written\nCall Read on the file again, then redo the change against its current content.",
      );
      expect(await readFile(at("a.txt"), "utf8")).toBe("written meanwhile\n");
    });
    it("refuses a file that was never read", async () => {
      await writeFile(at("a.txt"), "a\n");
      expect((await edit({ file_path: "a.txt", old_string: "a", new_string: "b" })).textContent()).toBe(
        "Execution error: a.txt exists but has not been read in this session; nothing was written\nCall Read on the file first, then retry the change.",
      );
    });
  });
});
