import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createToolContext } from "@toolkit/core";
import { dispatch, ToolRegistry } from "@toolkit/registry";
import { afterAll, describe, expect, it } from "vitest";
import { createFsTools } from "@toolkit/fs";

const root = realpathSync(mkdtempSync(join(tmpdir(), "toolkit-fs-alias-")));
writeFileSync(join(root, "a.txt"), "one\ntwo\n");
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("fs tools through dispatch", () => {
  describe("when the model sends alias fields", () => {
    it("accepts `path` and `old_str`/`new_str` after dispatch validates the input", async () => {
      const registry = new ToolRegistry();
      for (const tool of createFsTools()) registry.register(tool);
      const ctx = createToolContext({ cwd: root });
      const [read] = await dispatch(registry, [{ id: "1", name: "Read", input: { path: "a.txt" } }], { ctx });
      expect(read?.output.isError).toBe(false);
      expect(read?.output.textContent()).toContain("one");
      const [edit] = await dispatch(
        registry,
        [{ id: "2", name: "Edit", input: { path: "a.txt", old_str: "two", new_str: "2" } }],
        { ctx },
      );
      expect(edit?.output.isError).toBe(false);
      const [again] = await dispatch(registry, [{ id: "3", name: "Read", input: { file_path: "a.txt" } }], {
        ctx,
      });
      expect(again?.output.textContent()).toContain("2");
    });
  });
});
