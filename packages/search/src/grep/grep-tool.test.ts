import { readFile, symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contextFor } from "../testing/context.js";
import { git, type TempTree, tempTree } from "../testing/temp-tree.js";
import { Grep } from "./grep-tool.js";

let tree: TempTree;
let outside: TempTree;

beforeAll(async () => {
  tree = await tempTree();
  outside = await tempTree();
  await tree.write(".gitignore", "dist/\n*.log\n");
  await tree.write(
    "src/app.ts",
    "import { run } from './run';\n// TODO: wire errors\nexport function main() {\n  return run();\n}\n",
  );
  await tree.write("src/run.ts", "export function run() {\n  return 42; // todo later\n}\n");
  await tree.write("src/util/strings.py", "def shout(s):\n    return s.upper()\n");
  await tree.write("docs/readme.md", "# Run\nRun the app with `run`.\n");
  await tree.write("dist/app.js", "function run() {}\n");
  await tree.write("debug.log", "run failed\n");
  await tree.write(".hidden/secret.ts", "run\n");
  await tree.write("image.bin", Buffer.from([0x72, 0x75, 0x6e, 0x00, 0x01, 0x02]));
  await outside.write("secret.txt", "run\n");
  await symlink(outside.root, join(tree.root, "escape-link"));
  await symlink("run.ts", join(tree.root, "src/alias.ts"));
  git(tree.root, ["init", "-q"]);
});

afterAll(async () => {
  await tree.cleanup();
  await outside.cleanup();
});

describe.each(["ripgrep", "js"] as const)("Grep (engine %s)", (engine) => {
  const grep = new Grep({ engine, workers: 2, skippedNote: "always" });
  const call = async (input: Record<string, unknown>) => {
    const out = await grep.call(input, contextFor(tree.root));
    return { text: out.textContent(), isError: out.isError, out };
  };

  describe("when output_mode is files_with_matches", () => {
    it("lists matching paths sorted, honouring .gitignore and hidden entries, counting binaries", async () => {
      const { text, out } = await call({ pattern: "run" });
      expect(text).toBe("docs/readme.md\nsrc/app.ts\nsrc/run.ts\n[Skipped 1 binary file.]");
      expect(out.retention).toBe("requery");
    });
  });

  describe("when output_mode is content", () => {
    it("prints path:line:text rows", async () => {
      const { text } = await call({ pattern: "return", output_mode: "content" });
      expect(text).toBe(
        "src/app.ts:4:  return run();\nsrc/run.ts:2:  return 42; // todo later\nsrc/util/strings.py:2:    return s.upper()\n[Skipped 1 binary file.]",
      );
    });

    it("prints context lines as path-line-text", async () => {
      const { text } = await call({ pattern: "42", output_mode: "content", context: 1 });
      expect(text).toBe(
        "src/run.ts-1-export function run() {\nsrc/run.ts:2:  return 42; // todo later\nsrc/run.ts-3-}\n[Skipped 1 binary file.]",
      );
    });

    it("takes before and after separately", async () => {
      const { text } = await call({ pattern: "TODO", output_mode: "content", before: 1, after: 0 });
      expect(text).toBe(
        "src/app.ts-1-import { run } from './run';\nsrc/app.ts:2:// TODO: wire errors\n[Skipped 1 binary file.]",
      );
    });

    it("drops line numbers when line_numbers is false", async () => {
      const { text } = await call({ pattern: "upper", output_mode: "content", line_numbers: false });
      expect(text).toBe("src/util/strings.py:    return s.upper()\n[Skipped 1 binary file.]");
    });

    it("matches across lines in multiline mode", async () => {
      const { text } = await call({
        pattern: "main\\(\\) \\{\\n\\s+return",
        output_mode: "content",
        multiline: true,
      });
      expect(text).toBe(
        "src/app.ts:3:export function main() {\nsrc/app.ts:4:  return run();\n[Skipped 1 binary file.]",
      );
    });
  });

  describe("when output_mode is count", () => {
    it("prints path:N", async () => {
      const { text } = await call({ pattern: "run", output_mode: "count" });
      expect(text).toBe("docs/readme.md:1\nsrc/app.ts:2\nsrc/run.ts:1\n[Skipped 1 binary file.]");
    });
  });

  describe("when case, literal, glob and type options are given", () => {
    it("ignores case", async () => {
      expect((await call({ pattern: "todo", case_insensitive: true })).text).toBe(
        "src/app.ts\nsrc/run.ts\n[Skipped 1 binary file.]",
      );
      expect((await call({ pattern: "todo" })).text).toBe("src/run.ts\n[Skipped 1 binary file.]");
    });

    it("treats fixed_strings patterns literally", async () => {
      expect((await call({ pattern: "run()", fixed_strings: true })).text).toBe(
        "src/app.ts\nsrc/run.ts\n[Skipped 1 binary file.]",
      );
    });

    it("filters by glob without reviving ignored or hidden files", async () => {
      expect((await call({ pattern: "run", glob: "*.ts" })).text).toBe("src/app.ts\nsrc/run.ts");
      expect((await call({ pattern: "run", glob: "!*.ts" })).text).toBe(
        "docs/readme.md\n[Skipped 1 binary file.]",
      );
      expect((await call({ pattern: "run", glob: "*.js" })).text).toBe("No matches found for pattern: run");
      expect((await call({ pattern: "run", glob: ".hidden/*" })).text).toBe(".hidden/secret.ts");
    });

    it("filters by type", async () => {
      expect((await call({ pattern: "s", type: "py" })).text).toBe("src/util/strings.py");
      const bad = await call({ pattern: "s", type: "klingon" });
      expect(bad.isError).toBe(true);
      expect(bad.text).toMatch(
        /^Invalid input: `type` "klingon" is not a known file type\. Known types: c, cpp,/,
      );
    });

    it("searches a single named file, even an ignored one", async () => {
      expect((await call({ pattern: "run", path: "debug.log", output_mode: "content" })).text).toBe(
        "debug.log:1:run failed",
      );
      expect((await call({ pattern: "run", path: "image.bin" })).text).toBe(
        "No matches found for pattern: run\n[Skipped 1 binary file.]",
      );
    });
  });

  describe("when the path is a link to a file inside", () => {
    it("searches the file it leads to, named as asked", async () => {
      expect((await call({ pattern: "42", path: "src/alias.ts", output_mode: "content" })).text).toBe(
        "src/alias.ts:2:  return 42; // todo later",
      );
    });
  });

  describe("when results are paged", () => {
    it("shows head_limit rows from offset with a note", async () => {
      expect((await call({ pattern: "run", head_limit: 1 })).text).toBe(
        "docs/readme.md\n[Showing results 1-1 of 3. Pass offset: 1 for the next page.]\n[Skipped 1 binary file.]",
      );
      expect((await call({ pattern: "run", head_limit: 1, offset: 2 })).text).toBe(
        "src/run.ts\n[Showing results 3-3 of 3.]\n[Skipped 1 binary file.]",
      );
      expect((await call({ pattern: "run", offset: 9 })).text).toBe(
        "[offset 9 is past the last result (3 in all). Pass a smaller `offset`.]\n[Skipped 1 binary file.]",
      );
    });
  });

  describe("when content is paged", () => {
    it("reads only the files the page reaches and still knows the total", async () => {
      expect((await call({ pattern: "run", output_mode: "content", head_limit: 2 })).text).toBe(
        "docs/readme.md:2:Run the app with `run`.\nsrc/app.ts:1:import { run } from './run';\n[Showing results 1-2 of 4. Pass offset: 2 for the next page.]\n[Skipped 1 binary file.]",
      );
      expect((await call({ pattern: "run", output_mode: "content", head_limit: 2, offset: 3 })).text).toBe(
        "src/run.ts:1:export function run() {\n[Showing results 4-4 of 4.]\n[Skipped 1 binary file.]",
      );
    });

    it("gives a lower bound when context lines make the total unknown", async () => {
      expect((await call({ pattern: "run", output_mode: "content", head_limit: 1, after: 1 })).text).toBe(
        "docs/readme.md:2:Run the app with `run`.\n[Showing results 1-1 of at least 4. Pass offset: 1 for the next page.]\n[Skipped 1 binary file.]",
      );
    });
  });

  describe("when the pattern is invalid", () => {
    it("answers InvalidInput with the reason", async () => {
      const { text, isError } = await call({ pattern: "(unclosed" });
      expect(isError).toBe(true);
      expect(text).toMatch(/^Invalid input: `pattern` "\(unclosed" is not a valid regular expression: /);
    });

    it("refuses look-around as ripgrep does", async () => {
      const { text } = await call({ pattern: "a(?=b)" });
      expect(text).toContain("look-around, including look-ahead and look-behind, is not supported");
    });

    it("refuses a newline outside multiline mode", async () => {
      const { text } = await call({ pattern: "a\nb" });
      expect(text).toBe(
        'Invalid input: `pattern` contains a newline ("\\n"), which only matches in multiline mode. Pass `multiline: true` to match across lines.\nFix the arguments so they match the tool\'s input schema, then call it again.',
      );
    });
  });

  describe("when the path leaves the workspace", () => {
    it.each([
      ["../", "is outside the workspace"],
      ["/etc", "is outside the workspace"],
      ["escape-link", "resolves through a symlink"],
      ["file:///etc", "is a URL; pass a filesystem path instead"],
      ["a\u0000b", "contains a NUL byte"],
    ])("refuses %s", async (path, reason) => {
      const { text, isError } = await call({ pattern: "run", path });
      expect(isError).toBe(true);
      expect(text).toMatch(/^Permission denied: `path` /);
      expect(text).toContain(reason);
    });

    it("reports a missing path as FileNotFound", async () => {
      const { text } = await call({ pattern: "run", path: "nope" });
      expect(text).toMatch(/^File not found: nope\n/);
    });
  });

  describe("when the input is malformed", () => {
    it("names the field and what arrived", async () => {
      expect((await call({})).text).toMatch(/^Invalid input: missing required field `pattern`/);
      expect((await call({ pattern: "x", head_limit: "5" })).text).toMatch(
        /`head_limit` must be an integer, got string/,
      );
      expect((await call({ pattern: "x", output_mode: "lines" })).text).toMatch(/`output_mode`/);
    });
  });
});

describe.each(["ripgrep", "js"] as const)("Grep (engine %s) on special files", (engine) => {
  describe("when a directory holds an oversized file and byte-order-marked text", () => {
    it("counts the oversized file and reads UTF-8 and UTF-16 text", async () => {
      const t = await tempTree();
      try {
        await t.write("big.txt", `${"needle\n".repeat(300)}`);
        await t.write("small.txt", "needle\n");
        await t.write("bom8.txt", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("needle\n")]));
        await t.write(
          "bom16.txt",
          Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("needle\n", "utf16le")]),
        );
        const grep = new Grep({ engine, maxFileBytes: 1024, skippedNote: "always" });
        const out = await grep.call({ pattern: "needle", output_mode: "content" }, contextFor(t.root));
        expect(out.textContent()).toBe(
          "bom16.txt:1:needle\nbom8.txt:1:needle\nsmall.txt:1:needle\n[Skipped 1 file over 1024 bytes.]",
        );
      } finally {
        await t.cleanup();
      }
    });
  });
});

describe("Grep", () => {
  describe("when skippedNote is left at its default", () => {
    it.each(["ripgrep", "js"] as const)(
      "the %s engine notes skipped files only when nothing matched",
      async (engine) => {
        const t = await tempTree();
        try {
          await t.write("big.txt", `${"needle haystack\n".repeat(100)}`);
          await t.write("blob.bin", Buffer.from([0x6e, 0x65, 0x65, 0x64, 0x6c, 0x65, 0x00, 0x01]));
          await t.write("small.txt", "needle\n");
          const grep = new Grep({ engine, maxFileBytes: 1000 });
          const ctx = contextFor(t.root);
          expect((await grep.call({ pattern: "needle" }, ctx)).textContent()).toBe("small.txt");
          expect((await grep.call({ pattern: "haystack", output_mode: "content" }, ctx)).textContent()).toBe(
            "No matches found for pattern: haystack\n[Skipped 1 binary file and 1 file over 1000 bytes.]",
          );
          expect((await grep.call({ pattern: "haystack", output_mode: "count" }, ctx)).textContent()).toBe(
            "No matches found for pattern: haystack\n[Skipped 1 binary file and 1 file over 1000 bytes.]",
          );
        } finally {
          await t.cleanup();
        }
      },
    );
  });

  describe("when files are large or the output is long", () => {
    it("skips files over maxFileBytes and spills replies over 50 KiB to ctx.tempDir", async () => {
      const t = await tempTree();
      try {
        await t.write("big.txt", `${"needle\n".repeat(200)}`);
        const lines = Array.from({ length: 1500 }, (_, i) => `needle line ${i} ${"x".repeat(40)}`).join("\n");
        await t.write("many.txt", `${lines}\n`);
        const grep = new Grep({ maxFileBytes: 1000 });
        const small = await grep.call({ pattern: "needle", path: "big.txt" }, contextFor(t.root));
        expect(small.textContent()).toBe(
          "No matches found for pattern: needle\n[Skipped 1 file over 1000 bytes.]",
        );
        const ctx = contextFor(t.root, { tempDir: join(t.root, ".tmp-session") });
        const wide = new Grep({ engine: "js" });
        const out = await wide.call(
          { pattern: "needle", output_mode: "content", head_limit: 0, path: "many.txt" },
          ctx,
        );
        const text = out.textContent();
        expect(text).toMatch(/^many\.txt:1:needle line 0 x+\n/);
        const m = /The full output was saved to (\S+); read it with Read/.exec(text);
        expect(m).not.toBeNull();
        const saved = await readFile(m?.[1] as string, "utf8");
        expect(saved.split("\n")).toHaveLength(1500);
        expect(Buffer.byteLength(text)).toBeLessThan(12 * 1024);
        expect(text).toContain("over the 50 KiB reply limit");
      } finally {
        await t.cleanup();
      }
    });
  });

  describe("when the signal is aborted", () => {
    it.each(["ripgrep", "js"] as const)("stops the %s engine and answers Cancelled", async (engine) => {
      const t = await tempTree();
      try {
        for (let i = 0; i < 400; i++) await t.write(`d${i % 20}/f${i}.txt`, "alpha beta\n".repeat(50));
        const controller = new AbortController();
        const grep = new Grep({ engine, workers: 2 });
        const pending = grep.call(
          { pattern: "beta", output_mode: "content", head_limit: 0 },
          contextFor(t.root, { signal: controller.signal }),
        );
        // Abort once the search is under way (the engine has started), not before the call.
        setTimeout(() => controller.abort(), 5);
        const out = await pending;
        expect(out.isError).toBe(true);
        expect(out.textContent()).toMatch(/^Cancelled\n/);
      } finally {
        await t.cleanup();
      }
    });
  });
});
