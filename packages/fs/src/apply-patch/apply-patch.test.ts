import { type TempWorkspace, tempWorkspace, view } from "@toolkit/test-kit";
import { chmod, mkdir, readdir, readFile, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  createToolContext,
  DisplayHint,
  type RenameOptions,
  Retention,
  ToolError,
  toolTraits,
  Workspace,
} from "@toolkit/core";
import { createTwoFilesPatch } from "diff";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LocalFileSource } from "@toolkit/core";
import { MemoryFileSource } from "@toolkit/core";
import { Read } from "../read/read.js";
import { encodeText } from "../text/text-codec.js";
import { wrapSource } from "../source/test-helpers.js";
import { ApplyPatch } from "./apply-patch.js";
import { parsePatch } from "./parse-patch.js";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

const at = (name: string) => join(ws.root, name);
/** Writes a file and reads it through Read, as a model would before patching it. */
async function seed(name: string, content: string | Uint8Array): Promise<void> {
  await mkdir(join(at(name), ".."), { recursive: true });
  await writeFile(at(name), content);
  expect((await new Read().call({ file_path: name }, ws.ctx)).isError).toBe(false);
}
const apply = async (patch: string, tool = new ApplyPatch()) => view(await tool.call({ patch }, ws.ctx));
const text = (name: string) => readFile(at(name), "utf8");
const exists = (name: string) =>
  stat(at(name)).then(
    () => true,
    () => false,
  );
/** Every file's bytes, to prove that nothing changed. */
async function snapshot(names: readonly string[]): Promise<Record<string, string | undefined>> {
  const out: Record<string, string | undefined> = {};
  for (const n of names)
    out[n] = await readFile(at(n)).then(
      (b) => b.toString("hex"),
      () => undefined,
    );
  return out;
}

/** A patch's start that updates a.txt, adds c.txt, deletes gone.txt and opens b.txt's update. */
const FOUR_CHANGES = [
  "*** Begin Patch",
  "*** Update File: a.txt",
  "-a",
  "+A",
  "*** Add File: c.txt",
  "+c",
  "*** Delete File: gone.txt",
  "*** Update File: b.txt",
];

const ALPHA = "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\neleven\ntwelve\n";

describe("ApplyPatch", () => {
  describe("when a Codex patch adds, updates, deletes and moves files", () => {
    it("makes every change and replies with one line per file and the diff", async () => {
      await seed("src/alpha.txt", ALPHA);
      await seed("src/old.txt", "bye\n");
      await seed("src/move-me.txt", "keep\nchange me\n");
      const out = await apply(
        [
          "*** Begin Patch",
          "*** Add File: src/new/added.txt",
          "+hello",
          "+world",
          "*** Update File: src/alpha.txt",
          "@@",
          " one",
          "-two",
          "+TWO",
          " three",
          "@@",
          " ten",
          "-eleven",
          "+ELEVEN",
          "+eleven and a half",
          " twelve",
          "*** End of File",
          "*** Delete File: src/old.txt",
          "*** Update File: src/move-me.txt",
          "*** Move to: src/moved.txt",
          "@@",
          " keep",
          "-change me",
          "+changed",
          "*** End Patch",
        ].join("\n"),
      );
      expect(out.isError).toBe(false);
      expect(out.text.split("\n\n")[0]).toBe(
        "A src/new/added.txt\nM src/alpha.txt\nD src/old.txt\nR src/move-me.txt -> src/moved.txt",
      );
      expect(await text("src/new/added.txt")).toBe("hello\nworld\n");
      expect(await text("src/alpha.txt")).toBe(
        ALPHA.replace("two", "TWO").replace("eleven", "ELEVEN\neleven and a half"),
      );
      expect(await exists("src/old.txt")).toBe(false);
      expect(await exists("src/move-me.txt")).toBe(false);
      expect(await text("src/moved.txt")).toBe("keep\nchanged\n");
      expect(out.text).toContain("--- /dev/null\n+++ b/src/new/added.txt");
      expect(out.text).toContain("--- a/src/alpha.txt\n+++ b/src/alpha.txt");
      expect(out.text).toContain("-two\n+TWO");
      expect(out.text).toContain("--- a/src/move-me.txt\n+++ b/src/moved.txt");
    });
  });

  describe("when a unified diff adds, updates, deletes and moves files", () => {
    it("makes every change, the line numbers serving only as hints", async () => {
      await seed("src/alpha.txt", ALPHA);
      await seed("src/old.txt", "bye\nnow\n");
      await seed("src/move-me.txt", "keep\nchange me\n");
      const update = createTwoFilesPatch(
        "a/src/alpha.txt",
        "b/src/alpha.txt",
        ALPHA,
        ALPHA.replace("two", "TWO").replace("eleven", "ELEVEN"),
        undefined,
        undefined,
        { context: 1 },
      )
        // Wrong line numbers: the context decides where the hunks go.
        .replace("@@ -1,3 +1,3 @@", "@@ -4,3 +4,3 @@");
      const patch = [
        "diff --git a/src/new/added.txt b/src/new/added.txt",
        "new file mode 100644",
        "index 0000000..ce01362",
        "--- /dev/null",
        "+++ b/src/new/added.txt",
        "@@ -0,0 +1,2 @@",
        "+hello",
        "+world",
        update,
        "diff --git a/src/old.txt b/src/old.txt",
        "deleted file mode 100644",
        "--- a/src/old.txt",
        "+++ /dev/null",
        "@@ -1,2 +0,0 @@",
        "-bye",
        "-now",
        "diff --git a/src/move-me.txt b/src/moved.txt",
        "similarity index 50%",
        "rename from src/move-me.txt",
        "rename to src/moved.txt",
        "--- a/src/move-me.txt",
        "+++ b/src/moved.txt",
        "@@ -1,2 +1,2 @@",
        " keep",
        "-change me",
        "+changed",
        "",
      ].join("\n");
      const out = await apply(patch);
      expect(out).toMatchObject({ isError: false });
      expect(out.text.split("\n\n")[0]).toBe(
        "A src/new/added.txt\nM src/alpha.txt\nD src/old.txt\nR src/move-me.txt -> src/moved.txt",
      );
      expect(await text("src/new/added.txt")).toBe("hello\nworld\n");
      expect(await text("src/alpha.txt")).toBe(ALPHA.replace("two", "TWO").replace("eleven", "ELEVEN"));
      expect(await exists("src/old.txt")).toBe(false);
      expect(await text("src/moved.txt")).toBe("keep\nchanged\n");
    });
    it("refuses a deletion whose hunks leave lines in the file", async () => {
      await seed("old.txt", "bye\nnow\nstill here\n");
      const out = await apply("--- a/old.txt\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-bye\n-now\n");
      expect(out.isError).toBe(true);
      expect(out.text).toContain("the patch deletes old.txt, but the file has lines its hunks do not remove");
      expect(await text("old.txt")).toBe("bye\nnow\nstill here\n");
    });
  });

  describe("when a hunk of the third file is not found", () => {
    const files = ["a.txt", "b.txt", "c.txt", "d.txt"];
    beforeEach(async () => {
      for (const f of files) await seed(f, `${f} line 1\n${f} line 2\n${f} line 3\n`);
    });
    it.each([
      [
        "Codex",
        [
          "*** Begin Patch",
          "*** Update File: a.txt",
          "-a.txt line 1",
          "+A",
          "*** Delete File: b.txt",
          "*** Update File: c.txt",
          "@@",
          " c.txt line 1",
          "-c.txt line 2",
          "+C",
          "@@",
          " c.txt line two",
          "-c.txt line 3",
          "*** Add File: e.txt",
          "+new",
          "*** End Patch",
        ].join("\n"),
        "hunk 2 (patch line 11)",
      ],
      [
        "unified",
        [
          "--- a/a.txt",
          "+++ b/a.txt",
          "@@ -1 +1 @@",
          "-a.txt line 1",
          "+A",
          "--- a/b.txt",
          "+++ /dev/null",
          "@@ -1,3 +0,0 @@",
          "-b.txt line 1",
          "-b.txt line 2",
          "-b.txt line 3",
          "--- a/c.txt",
          "+++ b/c.txt",
          "@@ -1,2 +1,2 @@",
          " c.txt line 1",
          "-c.txt line 2",
          "+C",
          "@@ -2,2 +2,1 @@",
          " c.txt line two",
          "-c.txt line 3",
          "--- /dev/null",
          "+++ b/e.txt",
          "@@ -0,0 +1 @@",
          "+new",
        ].join("\n"),
        "hunk 2 (patch line 18)",
      ],
    ])(
      "writes nothing (%s), and names the file, the hunk and the nearest lines",
      async (_format, patch, hunk) => {
        const before = await snapshot([...files, "e.txt"]);
        const out = await apply(patch);
        expect(out.isError).toBe(true);
        expect(out.text).toContain(`\`${hunk}\` was not found in c.txt; nothing was written.`);
        expect(out.text).toContain("The closest region is lines 2-3:\n2\tc.txt line 2\n3\tc.txt line 3");
        expect(await snapshot([...files, "e.txt"])).toEqual(before);
      },
    );
  });

  describe("when a later file cannot be staged", () => {
    it("changes no file and leaves no journal or staged copy", async () => {
      await seed("a.txt", "a\n");
      await seed("b.txt", "b\n");
      await seed("gone.txt", "gone\n");
      await writeFile(at("blocker"), "a file where the patch wants a directory\n");
      await chmod(at("a.txt"), 0o640);
      const names = ["a.txt", "b.txt", "gone.txt", "blocker", "c.txt"];
      const before = await snapshot(names);
      const out = await apply(
        [
          ...FOUR_CHANGES,
          "*** Move to: moved/b.txt",
          "-b",
          "+B",
          "*** Add File: blocker/inside.txt",
          "+x",
          "*** End Patch",
        ].join("\n"),
      );
      expect(out.isError).toBe(true);
      expect(out.text).toContain("blocker/inside.txt");
      // Every new content is staged beside its target before the first rename, so the failure comes first.
      expect(out.text).toContain("cannot open");
      expect(out.text).toContain("no file was changed");
      expect(await snapshot(names)).toEqual(before);
      expect(await readdir(ws.root)).toEqual(
        expect.not.arrayContaining([expect.stringMatching(/toolkit-patch|\.(old|new|tmp)$/)]),
      );
      expect(await exists("moved/b.txt")).toBe(false);
      expect((await stat(at("a.txt"))).mode & 0o777).toBe(0o640);
      // The guard knows the restored files: a second patch applies without another Read.
      expect((await apply("*** Begin Patch\n*** Update File: a.txt\n-a\n+A\n*** End Patch")).isError).toBe(
        false,
      );
    });
  });

  describe("when a rename fails in the middle of the commit", () => {
    it("renames the staged old contents back and leaves no journal or staged copy", async () => {
      await seed("a.txt", "a\n");
      await seed("b.txt", "b\n");
      await seed("gone.txt", "gone\n");
      const names = ["a.txt", "b.txt", "gone.txt", "c.txt"];
      const before = await snapshot(names);
      let renames = 0;
      class ThirdRenameFails extends LocalFileSource {
        override async rename(from: string, to: string, o: RenameOptions): Promise<void> {
          if (++renames === 3) throw ToolError.io("cannot move it (EIO)");
          return super.rename(from, to, o);
        }
      }
      const out = await apply(
        [...FOUR_CHANGES, "-b", "+B", "*** End Patch"].join("\n"),
        new ApplyPatch({ source: new ThirdRenameFails() }),
      );
      expect(out).toEqual({
        isError: true,
        text: expect.stringContaining(
          "IO error: cannot move it (EIO); the 3 file changes already made were undone, so no file is changed",
        ),
      });
      expect(await snapshot(names)).toEqual(before);
      expect((await readdir(ws.root)).sort()).toEqual(["a.txt", "b.txt", "gone.txt"]);
    });
  });

  describe("when the call is cancelled between two writes", () => {
    it("undoes the first write", async () => {
      await seed("a.txt", "a\n");
      await seed("b.txt", "b\n");
      const before = await snapshot(["a.txt", "b.txt"]);
      const controller = new AbortController();
      const local = new LocalFileSource();
      let writes = 0;
      const source = wrapSource(local, {
        writeFile: async (p, d, o) => {
          await local.writeFile(p, d, o);
          // The signal fires once the first file is in place, as a user's Ctrl-C would.
          if (++writes === 1) controller.abort();
        },
      });
      const ctx = createToolContext({ cwd: ws.root, isNonInteractive: true, signal: controller.signal });
      await new Read().call({ file_path: "a.txt" }, ctx);
      await new Read().call({ file_path: "b.txt" }, ctx);
      const out = await new ApplyPatch({ source }).call(
        {
          patch:
            "*** Begin Patch\n*** Update File: a.txt\n-a\n+A\n*** Update File: b.txt\n-b\n+B\n*** End Patch",
        },
        ctx,
      );
      expect(view(out)).toEqual({
        isError: true,
        text: expect.stringContaining("the 1 file change already made was undone, so no file is changed"),
      });
      expect(await snapshot(["a.txt", "b.txt"])).toEqual(before);
    });
  });

  describe("when context differs from the file in whitespace", () => {
    it("matches ignoring trailing whitespace, then surrounding whitespace, keeping the file's context lines", async () => {
      await seed("w.py", "def f():\n    x = 1   \n    return x\n\n\ndef g():\n\treturn 2\n");
      const out = await apply(
        [
          "*** Begin Patch",
          "*** Update File: w.py",
          "@@ def f():",
          "     x = 1",
          "-    return x",
          "+    return x + 1",
          "@@",
          " def g():",
          "-    return 2",
          "+    return 3",
          "*** End Patch",
        ].join("\n"),
      );
      expect(out.isError).toBe(false);
      expect(await text("w.py")).toBe("def f():\n    x = 1   \n    return x + 1\n\n\ndef g():\n\treturn 3\n");
      expect(out.text).toContain(
        "Note: in w.py, hunks 1, 2 matched only with whitespace at the ends of lines ignored.",
      );
    });
    it("prefers the exact match over a loose one elsewhere", async () => {
      await seed("x.txt", "  a\nb\na\nb\n");
      expect(
        (await apply("*** Begin Patch\n*** Update File: x.txt\n-a\n+A\n b\n*** End Patch")).isError,
      ).toBe(false);
      expect(await text("x.txt")).toBe("  a\nb\nA\nb\n");
    });
  });

  describe("when files have CRLF line ends, a BOM or UTF-16", () => {
    it("keeps each file's encoding and line ends", async () => {
      await seed("crlf.txt", "one\r\ntwo\r\nthree\r\n");
      await seed("bom.txt", encodeText("one\ntwo\n", "utf8-bom"));
      await seed("u16.txt", encodeText("one\r\ntwo\r\n", "utf16le"));
      await seed("u16be.txt", encodeText("one\ntwo\n", "utf16be"));
      const update = (f: string) => `*** Update File: ${f}\n one\n-two\n+zwei`;
      const out = await apply(
        [
          "*** Begin Patch",
          ...["crlf.txt", "bom.txt", "u16.txt", "u16be.txt"].map(update),
          "*** End Patch",
        ].join("\n"),
      );
      expect(out.isError).toBe(false);
      expect(await text("crlf.txt")).toBe("one\r\nzwei\r\nthree\r\n");
      expect(await readFile(at("bom.txt"))).toEqual(Buffer.from(encodeText("one\nzwei\n", "utf8-bom")));
      expect(await readFile(at("u16.txt"))).toEqual(Buffer.from(encodeText("one\r\nzwei\r\n", "utf16le")));
      expect(await readFile(at("u16be.txt"))).toEqual(Buffer.from(encodeText("one\nzwei\n", "utf16be")));
    });
    it("reads a patch sent with CRLF line ends", async () => {
      await seed("crlf.txt", "one\r\ntwo\r\n");
      const out = await apply(
        "*** Begin Patch\r\n*** Update File: crlf.txt\r\n one\r\n-two\r\n+2\r\n*** End Patch\r\n",
      );
      expect(out.isError).toBe(false);
      expect(await text("crlf.txt")).toBe("one\r\n2\r\n");
    });
  });

  describe("when a path leaves the workspace", () => {
    it.each([
      ["..", "*** Begin Patch\n*** Add File: ../escape.txt\n+x\n*** End Patch"],
      ["an absolute path", "*** Begin Patch\n*** Add File: /tmp/toolkit-escape.txt\n+x\n*** End Patch"],
      ["a symlink", "*** Begin Patch\n*** Add File: out/escape.txt\n+x\n*** End Patch"],
      [
        "a move",
        "*** Begin Patch\n*** Update File: in.txt\n*** Move to: ../escape.txt\n-in\n+x\n*** End Patch",
      ],
      ["a unified diff", "--- a/../escape.txt\n+++ b/../escape.txt\n@@ -1 +1 @@\n-x\n+y\n"],
    ])("refuses it (%s) and writes nothing", async (_case, patch) => {
      const outside = await tempWorkspace("toolkit-fs-outside-");
      try {
        await symlink(outside.root, at("out"));
        await seed("in.txt", "in\n");
        const out = await apply(patch);
        expect(out.isError).toBe(true);
        expect(out.text).toMatch(/^Permission denied: /);
        expect(out.text).toContain("patch line");
        expect(await exists("../escape.txt")).toBe(false);
        expect(await exists("/tmp/toolkit-escape.txt")).toBe(false);
        expect(await readFile(join(outside.root, "escape.txt")).catch(() => undefined)).toBeUndefined();
        expect(await text("in.txt")).toBe("in\n");
      } finally {
        await outside.cleanup();
      }
    });
  });

  describe("when a file was not read, or changed since it was read", () => {
    it("refuses the patch and writes nothing", async () => {
      await seed("read.txt", "r\n");
      await writeFile(at("unread.txt"), "u\n");
      const patch =
        "*** Begin Patch\n*** Update File: read.txt\n-r\n+R\n*** Update File: unread.txt\n-u\n+U\n*** End Patch";
      const unread = await apply(patch);
      expect(unread.isError).toBe(true);
      expect(unread.text).toContain(
        "unread.txt exists but has not been read in this session; nothing was written",
      );
      await new Read().call({ file_path: "unread.txt" }, ws.ctx);
      await writeFile(at("unread.txt"), "u changed by someone else\n");
      const stale = await apply(patch);
      expect(stale.isError).toBe(true);
      expect(stale.text).toContain("unread.txt has changed since it was last read");
      expect(await text("read.txt")).toBe("r\n");
      expect(await text("unread.txt")).toBe("u changed by someone else\n");
    });
    it("refuses to delete a file that was not read", async () => {
      await writeFile(at("keep.txt"), "k\n");
      const out = await apply("*** Begin Patch\n*** Delete File: keep.txt\n*** End Patch");
      expect(out.isError).toBe(true);
      expect(await text("keep.txt")).toBe("k\n");
    });
  });

  describe("when the patch is malformed", () => {
    it.each([
      [
        "*** Begin Patch\n*** Update File: a.txt\n-a\n+b\n",
        "`patch` line 4: the patch ends without `*** End Patch`",
      ],
      [
        "*** Begin Patch\n*** Frobnicate File: a.txt\n*** End Patch",
        "`patch` line 2: expected `*** Add File:`",
      ],
      [
        "*** Begin Patch\n*** Update File: a.txt\n*** End Patch",
        "`patch` line 2: `*** Update File: a.txt` has no hunks",
      ],
      [
        "*** Begin Patch\n*** Update File: a.txt\n-a\nplain text\n*** End Patch",
        "`patch` line 4: expected a hunk line",
      ],
      ["*** Begin Patch\n*** End Patch", "`patch` line 2: the patch changes no file"],
      [
        "--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-a\n+b\nsome prose\n",
        "`patch` line 6: expected `--- `/`+++ ` file lines",
      ],
      ["@@ -1 +1 @@\n-a\n+b\n", "`patch` line 1: a hunk (`@@`) comes before its file's"],
      ["--- a/a.txt\n+++ b/a.txt\n@@ -x +1 @@\n", "`patch` line 3: expected `@@ -l,n +l,n @@`"],
      ["just some words\n", "`patch` line 1: expected `--- `/`+++ ` file lines"],
      ["", "`patch` line 1: the patch is empty"],
      ["*** Update File: a.txt\n-a\n+b\n", "`patch` line 1: a Codex patch must start with `*** Begin Patch`"],
    ])("refuses %j naming the line", async (patch, message) => {
      await seed("a.txt", "a\n");
      const out = await apply(patch);
      expect(out.isError).toBe(true);
      expect(out.text).toContain(`Invalid input: ${message}`);
      expect(await text("a.txt")).toBe("a\n");
    });
    it("refuses a patch over the size limit, naming the field", async () => {
      const out = await apply(
        `*** Begin Patch\n*** Add File: big.txt\n${"+x\n".repeat(600)}*** End Patch`,
        new ApplyPatch({ maxPatchBytes: 1024 }),
      );
      expect(out).toEqual({
        isError: true,
        text: expect.stringMatching(
          /^Invalid input: `patch` is 1,8\d\d bytes, over the 1,024 bytes limit; nothing was written/,
        ),
      });
      expect(await exists("big.txt")).toBe(false);
    });
    it("refuses a file changed twice", async () => {
      await seed("a.txt", "a\n");
      const out = await apply(
        "*** Begin Patch\n*** Update File: a.txt\n-a\n+b\n*** Delete File: a.txt\n*** End Patch",
      );
      expect(out.text).toContain("`patch` changes a.txt twice (patch lines 2 and 5)");
      expect(await text("a.txt")).toBe("a\n");
    });
    it("refuses to add a file that exists, and to move onto one", async () => {
      await seed("a.txt", "a\n");
      await seed("b.txt", "b\n");
      expect((await apply("*** Begin Patch\n*** Add File: a.txt\n+x\n*** End Patch")).text).toContain(
        "a.txt already exists, so it cannot be added; nothing was written (the Add File of a.txt at patch line 2)",
      );
      expect(
        (await apply("*** Begin Patch\n*** Update File: a.txt\n*** Move to: b.txt\n*** End Patch")).text,
      ).toContain("b.txt already exists, so a.txt cannot be moved there");
      expect([await text("a.txt"), await text("b.txt")]).toEqual(["a\n", "b\n"]);
    });
  });

  describe("when the patch arrives in other shapes", () => {
    it("accepts Codex's `input` field and a patch wrapped in a code fence", async () => {
      await seed("a.txt", "a\n");
      const out = await new ApplyPatch().call(
        { input: "```\n*** Begin Patch\n*** Update File: a.txt\n-a\n+b\n*** End Patch\n```\n" },
        ws.ctx,
      );
      expect(view(out)).toMatchObject({ isError: false });
      expect(await text("a.txt")).toBe("b\n");
    });
  });

  describe("when the tool is described", () => {
    it("is a durable, diff-hinted, non-read-only tool named ApplyPatch", async () => {
      await seed("a.txt", "a\n");
      const tool = new ApplyPatch();
      expect(tool.name).toBe("ApplyPatch");
      expect(tool.schema().input_schema).toMatchObject({ required: ["patch"] });
      expect(toolTraits(tool).isReadOnly).toBe(false);
      const out = await tool.call(
        { patch: "*** Begin Patch\n*** Update File: a.txt\n-a\n+b\n*** End Patch" },
        ws.ctx,
      );
      expect(out.retention).toBe(Retention.Durable);
      expect(out.hint).toBe(DisplayHint.Diff);
    });
    it("shows an example patch in its description that parses, one file operation per line kind", () => {
      const description = new ApplyPatch().description;
      const example = description.slice(
        description.indexOf("*** Begin Patch"),
        description.indexOf("*** End Patch") + 13,
      );
      expect(example.split("\n").every((l) => l === l.trimStart() || /^[ +-]/.test(l))).toBe(true);
      expect(parsePatch(example).changes.map((c) => c.kind)).toEqual(["add", "update", "delete"]);
    });
    it("throws a TypeError naming a bad option", () => {
      expect(() => new ApplyPatch({ maxPatchBytes: 0 })).toThrow(
        "`maxPatchBytes` must be a positive integer, got 0",
      );
    });
  });

  describe("when the files live in a MemoryFileSource", () => {
    it("adds, updates, moves and deletes there", async () => {
      const root = "/ws";
      const source = new MemoryFileSource({
        files: { "/ws/a.txt": "a\n", "/ws/b.txt": "b\n", "/ws/c.txt": "c\n" },
      });
      const options = { source, workspace: new Workspace({ root }) };
      for (const f of ["a.txt", "b.txt", "c.txt"]) await new Read(options).call({ file_path: f }, ws.ctx);
      const out = await new ApplyPatch(options).call(
        {
          patch:
            "*** Begin Patch\n*** Add File: d/new.txt\n+n\n*** Update File: a.txt\n-a\n+A\n*** Update File: b.txt\n*** Move to: e/b.txt\n*** Delete File: c.txt\n*** End Patch",
        },
        ws.ctx,
      );
      expect(view(out)).toMatchObject({ isError: false });
      expect(source.paths()).toEqual(["/ws/a.txt", "/ws/d/new.txt", "/ws/e/b.txt"]);
      expect(source.text("/ws/a.txt")).toBe("A\n");
      expect(source.text("/ws/e/b.txt")).toBe("b\n");
    });
  });

  describe("when the README's Codex example is applied", () => {
    it("adds, moves with two hunks, and deletes", async () => {
      await seed(
        "src/app.py",
        'import x\n\ndef run():\n    print("hi")\n\nif __name__ == "__main__":\n    main()\n',
      );
      await seed("src/old.py", "old\n");
      const out = await apply(
        [
          "*** Begin Patch",
          "*** Add File: src/greet.py",
          "+def greet(name):",
          '+    return f"hello {name}"',
          "*** Update File: src/app.py",
          "*** Move to: src/main.py",
          "@@ def run():",
          '-    print("hi")',
          '+    print(greet("world"))',
          "@@",
          ' if __name__ == "__main__":',
          "-    main()",
          "+    run()",
          "*** End of File",
          "*** Delete File: src/old.py",
          "*** End Patch",
        ].join("\n"),
      );
      expect(out.text.split("\n\n")[0]).toBe("A src/greet.py\nR src/app.py -> src/main.py\nD src/old.py");
      expect(await text("src/main.py")).toBe(
        'import x\n\ndef run():\n    print(greet("world"))\n\nif __name__ == "__main__":\n    run()\n',
      );
      expect(await exists("src/app.py")).toBe(false);
    });
  });

  describe("when hunks are placed by their @@ line or their line number", () => {
    it("takes context after the @@ line, inserts after it, and places a -U0 insertion by its number", async () => {
      await seed("a.txt", "class A\n  x\nclass B\n  x\nend\n");
      const codex = await apply(
        "*** Begin Patch\n*** Update File: a.txt\n@@ class B\n-  x\n+  y\n*** End Patch",
      );
      expect(codex.isError).toBe(false);
      expect(await text("a.txt")).toBe("class A\n  x\nclass B\n  y\nend\n");
      await apply("*** Begin Patch\n*** Update File: a.txt\n@@ class A\n+  first\n*** End Patch");
      expect(await text("a.txt")).toBe("class A\n  first\n  x\nclass B\n  y\nend\n");
      await apply("--- a/a.txt\n+++ b/a.txt\n@@ -5,0 +6 @@\n+  between\n");
      expect(await text("a.txt")).toBe("class A\n  first\n  x\nclass B\n  y\n  between\nend\n");
      const past = await apply("--- a/a.txt\n+++ b/a.txt\n@@ -40,0 +41 @@\n+  nowhere\n");
      expect(past.text).toContain(
        "hunk 1 (patch line 3) adds lines after line 40, but a.txt has 7 lines; nothing was written",
      );
    });
    it("reads a unified `@@ -l,n +l,n @@` line in a Codex patch as a hint, not as a line to find", async () => {
      await seed("h.txt", "x\nfunction f\nx\nend\n");
      const out = await apply(
        "*** Begin Patch\n*** Update File: h.txt\n@@ -3,1 +3,1 @@ function f\n-x\n+y\n*** End Patch",
      );
      expect(out.isError).toBe(false);
      expect(await text("h.txt")).toBe("x\nfunction f\ny\nend\n");
    });
    it("sets the last newline as `\\ No newline at end of file` says, and keeps it otherwise", async () => {
      await seed("n.txt", "a\nb");
      await apply("--- a/n.txt\n+++ b/n.txt\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n");
      expect(await text("n.txt")).toBe("a\nc\n");
      await apply("--- a/n.txt\n+++ b/n.txt\n@@ -1,2 +1,2 @@\n a\n-c\n+d\n\\ No newline at end of file\n");
      expect(await text("n.txt")).toBe("a\nd");
      await apply("*** Begin Patch\n*** Update File: n.txt\n-a\n+A\n*** End Patch");
      expect(await text("n.txt")).toBe("A\nd");
    });
  });

  describe("when one file gets 10,000 hunks", () => {
    // Before the one-pass rewrite, the reply's line diff alone took about two minutes here.
    it("applies every hunk in one pass and cuts the diff after 800 lines", async () => {
      const lines = Array.from({ length: 100_000 }, (_, i) => `line ${i}`);
      await seed("big.txt", `${lines.join("\n")}\n`);
      const patch = ["*** Begin Patch", "*** Update File: big.txt"];
      for (let k = 0; k < 10_000; k++)
        patch.push("@@", ` line ${k * 10}`, `-line ${k * 10 + 1}`, `+LINE ${k * 10 + 1}`);
      patch.push("*** End Patch");
      const out = await apply(patch.join("\n"), new ApplyPatch({ maxPatchBytes: 8 * 1024 * 1024 }));
      expect(out.isError).toBe(false);
      const want = lines.map((l, i) => (i % 10 === 1 ? l.replace("line", "LINE") : l));
      expect(await text("big.txt")).toBe(`${want.join("\n")}\n`);
      const diff = out.text.split("\n\n")[1]?.split("\n") ?? [];
      expect(diff.slice(0, 8)).toEqual([
        "--- a/big.txt",
        "+++ b/big.txt",
        "@@ -1,5 +1,5 @@",
        " line 0",
        "-line 1",
        "+LINE 1",
        " line 2",
        " line 3",
      ]);
      // The file header, then 10,000 diff hunks of 9 lines (the first has 1 line of context above): 90,000 lines.
      expect(diff).toHaveLength(801);
      expect(diff.at(-1)).toBe("[diff cut: 89200 more lines]");
    });
  });

  describe("when git names files in other ways", () => {
    it("moves a file on a pure rename, and reads quoted names", async () => {
      await seed("dir with space/é.txt", "x\n");
      const out = await apply(
        [
          'diff --git "a/dir with space/\\303\\251.txt" b/plain.txt',
          "similarity index 100%",
          'rename from "dir with space/\\303\\251.txt"',
          "rename to plain.txt",
          "",
        ].join("\n"),
      );
      expect(out.text.split("\n\n")[0]).toBe("R dir with space/é.txt -> plain.txt");
      expect(await text("plain.txt")).toBe("x\n");
    });
    it("refuses a binary patch", async () => {
      const out = await apply("diff --git a/x.png b/x.png\nindex 1..2 100644\nGIT binary patch\nliteral 1\n");
      expect(out.text).toContain("`patch` line 3: binary patches are not supported");
    });
  });
});
