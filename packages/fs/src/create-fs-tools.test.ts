import { type TempWorkspace, tempWorkspace } from "@toolkit/test-kit";
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createToolContext, toolTraits, Workspace } from "@toolkit/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApplyPatch } from "./apply-patch/apply-patch.js";
import { NotebookEdit } from "./notebook/notebook-edit.js";
import { createFsTools } from "./create-fs-tools.js";
import { Edit } from "./edit/edit.js";
import { FileViewer } from "./view/file-viewer.js";
import { MultiEdit } from "./edit/multi-edit.js";
import { Read } from "./read/read.js";
import { Write } from "./write/write.js";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

describe("createFsTools", () => {
  describe("when called without options", () => {
    it("returns Read, Write, Edit, MultiEdit, FileViewer, ApplyPatch and NotebookEdit in that order", () => {
      const tools = createFsTools();
      expect(tools.map((t) => t.name)).toEqual([
        "Read",
        "Write",
        "Edit",
        "MultiEdit",
        "FileViewer",
        "ApplyPatch",
        "NotebookEdit",
      ]);
      expect(tools[0]).toBeInstanceOf(Read);
      expect(tools[1]).toBeInstanceOf(Write);
      expect(tools[2]).toBeInstanceOf(Edit);
      expect(tools[3]).toBeInstanceOf(MultiEdit);
      expect(tools[4]).toBeInstanceOf(FileViewer);
      expect(tools[5]).toBeInstanceOf(ApplyPatch);
      expect(tools[6]).toBeInstanceOf(NotebookEdit);
      for (const t of tools) expect(t.schema().tool).toBe(t.name);
    });
    it("gives each tool its traits", () => {
      const traits = Object.fromEntries(createFsTools().map((t) => [t.name, toolTraits(t)]));
      for (const name of ["Read", "FileViewer"]) {
        expect(traits[name]?.isReadOnly).toBe(true);
        expect(traits[name]?.isConcurrencySafe).toBe(true);
      }
      for (const name of ["Write", "Edit", "MultiEdit", "ApplyPatch", "NotebookEdit"]) {
        expect(traits[name]?.isReadOnly).toBe(false);
        expect(traits[name]?.isConcurrencySafe).toBe(false);
      }
    });
  });
  describe("when the tools share a session", () => {
    it("lets Read satisfy ApplyPatch's stale guard, and ApplyPatch's write satisfy Edit's", async () => {
      await writeFile(join(ws.root, "a.txt"), "x\n");
      const [read, , edit, , , applyPatch] = createFsTools();
      await read.call({ file_path: "a.txt" }, ws.ctx);
      const patched = await applyPatch.call(
        { patch: "*** Begin Patch\n*** Update File: a.txt\n-x\n+y\n*** End Patch" },
        ws.ctx,
      );
      expect(patched.textContent()).toMatch(/^M a\.txt\n/);
      const edited = await edit.call({ file_path: "a.txt", old_string: "y", new_string: "z" }, ws.ctx);
      expect(edited.isError).toBe(false);
    });
    it("passes the applyPatch options to ApplyPatch", async () => {
      const [, , , , , applyPatch] = createFsTools({ applyPatch: { maxPatchBytes: 16 } });
      const out = await applyPatch.call(
        { patch: "*** Begin Patch\n*** Add File: b.txt\n+b\n*** End Patch" },
        ws.ctx,
      );
      expect(out.textContent()).toMatch(/^Invalid input: `patch` is \d+ bytes, over the 16 bytes limit/);
    });
    it("lets FileViewer's read satisfy Edit's stale guard", async () => {
      await writeFile(join(ws.root, "a.txt"), "x\n");
      const [, , edit, , viewer] = createFsTools();
      await viewer.call({ file_path: "a.txt" }, ws.ctx);
      expect(
        (await edit.call({ file_path: "a.txt", old_string: "x", new_string: "y" }, ws.ctx)).isError,
      ).toBe(false);
    });
    it("keeps sessions apart", async () => {
      await writeFile(join(ws.root, "a.txt"), "x\n");
      const [read, , edit] = createFsTools();
      await read.call({ file_path: "a.txt" }, ws.ctx);
      const other = createToolContext({ cwd: ws.root, isNonInteractive: true });
      const out = await edit.call(
        { file_path: join(ws.root, "a.txt"), old_string: "x", new_string: "y" },
        other,
      );
      expect(out.isError).toBe(true);
    });
  });
  describe("when resource keys are asked for", () => {
    it("gives every spelling of one file the same real path", async () => {
      await mkdir(join(ws.root, "src"));
      await writeFile(join(ws.root, "src", "a.ts"), "");
      await symlink("src", join(ws.root, "alias"));
      const workspace = new Workspace({ root: ws.root });
      const [read, write, edit, multi, viewer] = createFsTools({ workspace });
      const want = join(ws.root, "src", "a.ts");
      expect(read.resourceKey({ file_path: "src/a.ts" })).toBe(want);
      expect(write.resourceKey({ file_path: "./src/../src/a.ts" })).toBe(want);
      expect(edit.resourceKey({ path: "alias/a.ts" })).toBe(want);
      expect(multi.resourceKey({ file_path: want })).toBe(want);
      expect(viewer.resourceKey({ file_path: "alias/a.ts" })).toBe(want);
      expect(write.resourceKey({ file_path: "alias/new/b.ts" })).toBe(join(ws.root, "src", "new", "b.ts"));
      expect(read.resourceKey({ nothing: 1 })).toBeUndefined();
    });
  });
  describe("when the workspace root is spelled through a symlink", () => {
    it("accepts absolute paths spelled through the real root too", async () => {
      await mkdir(join(ws.root, "real"));
      await writeFile(join(ws.root, "real", "a.txt"), "A\n");
      await symlink(join(ws.root, "real"), join(ws.root, "link"));
      const [read, write] = createFsTools({ workspace: new Workspace({ root: join(ws.root, "link") }) });
      expect((await read.call({ file_path: join(ws.root, "real", "a.txt") }, ws.ctx)).textContent()).toBe(
        "1\tA",
      );
      expect((await read.call({ file_path: join(ws.root, "link", "a.txt") }, ws.ctx)).textContent()).toBe(
        "1\tA",
      );
      const outside = await write.call({ file_path: join(ws.root, "elsewhere.txt"), content: "x" }, ws.ctx);
      expect(outside.textContent()).toMatch(
        /^Permission denied: `file_path` ".*elsewhere\.txt" is outside the workspace/,
      );
    });
  });
  describe("when options are wrong", () => {
    it("throws a TypeError naming the option", () => {
      expect(() => new Read({ maxBytes: 0 })).toThrow("`maxBytes` must be a positive integer, got 0");
      expect(() => new Read({ maxBytes: 1000 })).toThrow("`maxBytes` must be at least 1024, got 1000");
      expect(() => new Edit({ matching: "fuzzy" as "exact" })).toThrow(
        '`matching` must be "exact" or "tolerant", got "fuzzy"',
      );
    });
  });
});
