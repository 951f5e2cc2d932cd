import { Workspace } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { createFsTools } from "../create-fs-tools.js";
import { createLoomTools } from "../loom/create-loom-tools.js";
import { MemoryFileSource } from "@toolkit/core";
import { createToolContext } from "@toolkit/core";

const root = "/virtual/project";

function setup() {
  const source = new MemoryFileSource({ files: { [`${root}/src/a.ts`]: "export const a = 1;\n" } });
  const workspace = new Workspace({ root });
  const ctx = createToolContext({ cwd: root, isNonInteractive: true });
  return { source, workspace, ctx };
}

describe("MemoryFileSource", () => {
  describe("when the fs tools run on it", () => {
    it("reads, edits and writes without touching the disk", async () => {
      const { source, workspace, ctx } = setup();
      const [read, write, edit] = createFsTools({ source, workspace });
      expect((await read.call({ file_path: "src/a.ts" }, ctx)).textContent()).toBe("1\texport const a = 1;");
      await edit.call({ file_path: "src/a.ts", old_string: "1", new_string: "2" }, ctx);
      await write.call({ file_path: "docs/new.md", content: "# New\n" }, ctx);
      expect(source.text(`${root}/src/a.ts`)).toBe("export const a = 2;\n");
      expect(source.paths()).toEqual([`${root}/docs/new.md`, `${root}/src/a.ts`]);
    });
    it("applies the stale guard to changes made behind the session's back", async () => {
      const { source, workspace, ctx } = setup();
      const [read, , edit] = createFsTools({ source, workspace });
      await read.call({ file_path: "src/a.ts" }, ctx);
      source.set(`${root}/src/a.ts`, "export const a = 9;\n");
      expect(
        (await edit.call({ file_path: "src/a.ts", old_string: "9", new_string: "3" }, ctx)).textContent(),
      ).toMatch(/^Execution error: src\/a\.ts has changed since it was last read/);
    });
    it("refuses paths outside the root", async () => {
      const { source, workspace, ctx } = setup();
      const [, write] = createFsTools({ source, workspace });
      const out = await write.call({ file_path: "/virtual/other/x", content: "x" }, ctx);
      expect(out.textContent()).toMatch(
        /^Permission denied: `file_path` "\/virtual\/other\/x" is outside the workspace/,
      );
      expect(source.paths()).toEqual([`${root}/src/a.ts`]);
    });
  });
  describe("when the Loom tools list it", () => {
    it("lists files and directories with sizes", async () => {
      const { source, workspace, ctx } = setup();
      const [, , list] = createLoomTools({ source, workspace });
      expect((await list.call({ recursive: true }, ctx)).structuredValue()).toEqual({
        files: [
          { path: "src", size: 0, is_dir: true },
          { path: "src/a.ts", size: 20, is_dir: false },
        ],
      });
    });
  });
});
