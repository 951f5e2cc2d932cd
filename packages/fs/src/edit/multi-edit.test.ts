import { type TempWorkspace, tempWorkspace, view } from "@toolkit/test-kit";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FileSource } from "../source/file-source.js";
import { LocalFileSource } from "@toolkit/core";
import { MultiEdit } from "./multi-edit.js";
import { Read } from "../read/read.js";
import { wrapSource } from "../source/test-helpers.js";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

const at = (name: string) => join(ws.root, name);
async function seed(name: string, content: string): Promise<void> {
  await writeFile(at(name), content);
  await new Read().call({ file_path: name }, ws.ctx);
}

/** A LocalFileSource that counts writes. */
function countingSource(): { source: FileSource; writes: () => number } {
  const local = new LocalFileSource();
  let writes = 0;
  const source: FileSource = wrapSource(local, {
    writeFile: (p, d, o) => {
      writes++;
      return local.writeFile(p, d, o);
    },
  });
  return { source, writes: () => writes };
}

describe("MultiEdit", () => {
  describe("when every edit applies", () => {
    it("applies them in order, each to the previous result, in one write", async () => {
      await seed("a.txt", "red green blue\n");
      const { source, writes } = countingSource();
      const out = await new MultiEdit({ source }).call(
        {
          file_path: "a.txt",
          edits: [
            { old_string: "red", new_string: "crimson" },
            { old_str: "crimson green", new_str: "crimson lime" },
            { old_string: "e", new_string: "E", replace_all: true },
          ],
        },
        ws.ctx,
      );
      expect(view(out)).toEqual({
        isError: false,
        text: "Edited a.txt: 3 edits applied (4 replacements).\n\n--- a/a.txt\n+++ b/a.txt\n@@ -1,1 +1,1 @@\n-red green blue\n+crimson limE bluE",
      });
      expect(await readFile(at("a.txt"), "utf8")).toBe("crimson limE bluE\n");
      expect(writes()).toBe(1);
    });
    it("creates a file when the first edit has an empty old_string", async () => {
      await new MultiEdit().call(
        {
          file_path: "n.txt",
          edits: [
            { old_string: "", new_string: "a\nb\n" },
            { old_string: "b", new_string: "c" },
          ],
        },
        ws.ctx,
      );
      expect(await readFile(at("n.txt"), "utf8")).toBe("a\nc\n");
    });
  });
  describe("when one edit fails", () => {
    it("writes nothing and names the failing index", async () => {
      await seed("a.txt", "alpha one\nbeta two\n");
      const { source, writes } = countingSource();
      const out = await new MultiEdit({ source }).call(
        {
          file_path: "a.txt",
          edits: [
            { old_string: "one", new_string: "1" },
            { old_string: "beta two", new_string: "beta 2" },
            { old_string: "  beta 2", new_string: "beta 3" },
          ],
        },
        ws.ctx,
      );
      expect(view(out)).toEqual({
        isError: true,
        text: "Execution error: `edits[2].old_string` was not found in a.txt as changed by the earlier edits; nothing was written. The closest region is line 2:\n2\tbeta 2\nIt differs from `edits[2].old_string` only in indentation (leading whitespace).\nCopy `edits[2].old_string` exactly as Read shows it after the line-number tab (same whitespace and indentation), or Read the file again.",
      });
      expect(await readFile(at("a.txt"), "utf8")).toBe("alpha one\nbeta two\n");
      expect(writes()).toBe(0);
    });
    it("names an ambiguous edit's index and its replace_all field", async () => {
      await seed("a.txt", "x x\n");
      const out = await new MultiEdit().call(
        { file_path: "a.txt", edits: [{ old_string: "x", new_string: "y" }] },
        ws.ctx,
      );
      expect(out.textContent()).toBe(
        "Execution error: `edits[0].old_string` occurs 2 times (lines 1, 1) in a.txt; nothing was written\nAdd surrounding lines to `edits[0].old_string` so it matches exactly once, or set `edits[0].replace_all` to true to change every occurrence.",
      );
    });
  });
  describe("when an edit's old text occurs on many lines", () => {
    it("lists the first ten lines and counts the rest", async () => {
      await seed("many.txt", `w\n${"x\n".repeat(11)}`);
      const out = await new MultiEdit().call(
        {
          file_path: "many.txt",
          edits: [
            { old_string: "w", new_string: "x" },
            { old_string: "x", new_string: "z" },
          ],
        },
        ws.ctx,
      );
      expect(out.textContent()).toBe(
        "Execution error: `edits[1].old_string` occurs 12 times (lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 2 more) in many.txt as changed by the earlier edits; nothing was written\nAdd surrounding lines to `edits[1].old_string` so it matches exactly once, or set `edits[1].replace_all` to true to change every occurrence.",
      );
    });
  });
  describe("when the edit list is out of bounds", () => {
    it("refuses an empty list", async () => {
      expect((await new MultiEdit().call({ file_path: "a.txt", edits: [] }, ws.ctx)).textContent()).toMatch(
        /^Invalid input: `edits` must NOT have fewer than 1 items/,
      );
    });
    it("refuses more than 50 edits", async () => {
      const edits = Array.from({ length: 51 }, (_, i) => ({ old_string: `${i}`, new_string: `${i}!` }));
      expect((await new MultiEdit().call({ file_path: "a.txt", edits }, ws.ctx)).textContent()).toMatch(
        /^Invalid input: `edits` must NOT have more than 50 items/,
      );
    });
    it("names an aliased field inside an edit", async () => {
      expect(
        (
          await new MultiEdit().call({ file_path: "a.txt", edits: [{ old_str: 1, new_string: "x" }] }, ws.ctx)
        ).textContent(),
      ).toMatch(
        /^Invalid input: `edits\[0\]\.old_string` \(sent as `edits\[0\]\.old_str`\) must be string, got integer \(1\)/,
      );
    });
  });
});
