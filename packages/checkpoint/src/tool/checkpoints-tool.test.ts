import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { createToolContext, toolTraits, Workspace } from "@toolkit/core";
import { Edit, Read } from "@toolkit/fs";
import { describe, expect, it } from "vitest";
import { CheckpointStore } from "../store/checkpoint-store.js";
import { useTestWorkspaces, skipWithoutGit } from "../store/test-workspace.js";
import { CheckpointsTool } from "./checkpoints-tool.js";

const newWorkspace = useTestWorkspaces();

async function setup() {
  const w = await newWorkspace();
  const store = await CheckpointStore.open({ workspace: w.root, stateDir: w.stateDir });
  const ctx = createToolContext({ cwd: w.root, tempDir: join(w.stateDir, "..", "tmp") });
  return { w, store, ctx, tool: new CheckpointsTool({ store }) };
}

describe.skipIf(skipWithoutGit("the CheckpointsTool tests"))("CheckpointsTool", () => {
  describe("when asked whether a call needs approval", () => {
    it("answers true for restore (and anything unknown), false for list and diff", async () => {
      const { store, tool } = await setup();
      const traits = toolTraits(tool);
      expect(traits.needsApproval({ action: "restore", id: "abcd" })).toBe(true);
      expect(traits.needsApproval({ action: "list" })).toBe(false);
      expect(traits.needsApproval({ action: "diff", id: "abcd" })).toBe(false);
      expect(traits.needsApproval(null)).toBe(true);
      expect(
        toolTraits(new CheckpointsTool({ store, restoreNeedsApproval: false })).needsApproval({
          action: "restore",
        }),
      ).toBe(false);
    });
  });

  describe("when listing, diffing and restoring", () => {
    it("answers in the documented words", async () => {
      const { w, store, ctx, tool } = await setup();
      expect((await tool.call({ action: "list" }, ctx)).textContent()).toBe(
        "No checkpoints yet: one is taken before the first change of a turn.",
      );
      await w.write("a.txt", "one\n");
      const first = await store.snapshot({ turn: 1 });
      await w.write("a.txt", "two\n");
      await store.recordCall(first.id, { id: "c1", name: "Write" });

      const list = (await tool.call({ action: "list" }, ctx)).textContent();
      expect(list).toBe(
        [
          `${first.id}  #1  turn 1  ${first.createdAt}  turn: before turn 1`,
          "  calls after it: Write",
          "  a.txt | 2 +-",
          "  1 file changed, 1 insertion(+), 1 deletion(-)",
        ].join("\n"),
      );
      const diff = (await tool.call({ action: "diff", id: first.id }, ctx)).textContent();
      expect(diff).toMatch(
        /^ a\.txt \| 2 \+-\n 1 file changed, 1 insertion\(\+\), 1 deletion\(-\)\n\ndiff --git a\/a\.txt b\/a\.txt\n/,
      );
      expect(diff).toContain("-one\n+two\n");

      const out = await tool.call({ action: "restore", id: first.id }, ctx);
      const before = store.checkpoints().at(-1);
      expect(out.textContent()).toBe(
        [
          `Restored checkpoint ${first.id}.`,
          "Written back: a.txt",
          `Read a restored file again before editing it. To undo this restore, restore checkpoint ${before?.id}.`,
        ].join("\n"),
      );
      expect(await readFile(join(w.root, "a.txt"), "utf8")).toBe("one\n");
      expect((await tool.call({ action: "restore", id: first.id }, ctx)).textContent()).toBe(
        `The files already match checkpoint ${first.id}; nothing was changed.`,
      );
    });

    it("cuts a long diff at maxDiffBytes with a note", async () => {
      const { w, store, ctx } = await setup();
      await w.write("a.txt", "x\n");
      const first = await store.snapshot({});
      await w.write("a.txt", `${"y".repeat(500)}\n`);
      const out = await new CheckpointsTool({ store, maxDiffBytes: 100 }).call(
        { action: "diff", id: first.id },
        ctx,
      );
      expect(out.textContent()).toMatch(/\n\[diff cut at 100 of \d+ bytes; restore or diff fewer files\]$/);
    });
  });

  describe("when a restored file was read before", () => {
    it("clears the stale-guard record, so an edit must read it again", async () => {
      const { w, store, ctx, tool } = await setup();
      await w.write("a.txt", "one\n");
      const first = await store.snapshot({ turn: 1 });
      const workspace = new Workspace({ root: w.root });
      const read = new Read({ workspace });
      const edit = new Edit({ workspace });
      expect((await read.call({ file_path: "a.txt" }, ctx)).isError).toBe(false);
      expect(
        (await edit.call({ file_path: "a.txt", old_string: "one", new_string: "two" }, ctx)).isError,
      ).toBe(false);
      expect((await tool.call({ action: "restore", id: first.id }, ctx)).isError).toBe(false);
      // The guard's record is of "two"; the file holds "one" again: the model must read it first.
      const refused = await edit.call({ file_path: "a.txt", old_string: "one", new_string: "three" }, ctx);
      expect(refused.textContent()).toBe(
        "Execution error: a.txt exists but has not been read in this session; nothing was written\nCall Read on the file first, then retry the change.",
      );
      await read.call({ file_path: "a.txt" }, ctx);
      expect(
        (await edit.call({ file_path: "a.txt", old_string: "one", new_string: "three" }, ctx)).isError,
      ).toBe(false);
    });
  });

  describe("when the input is wrong", () => {
    it.each([
      [
        { action: "diff" },
        "Invalid input: `id` is required for action diff; call action list to see the ids",
      ],
      [{ action: "restore", id: "nothex" }, "Invalid input: `id` must be a checkpoint id"],
      [{ action: "restore", id: "abcd", paths: ["../x"] }, "Invalid input: no checkpoint has id abcd"],
      [{ action: "undo" }, "Invalid input: `action` must be one of"],
    ])("answers %j with a soft error", async (input, start) => {
      const { w, store, ctx, tool } = await setup();
      await w.write("a.txt", "a\n");
      await store.snapshot({});
      const out = await tool.call(input, ctx);
      expect(out.isError).toBe(true);
      expect(out.textContent().startsWith(start), out.textContent()).toBe(true);
    });

    it("refuses a restore path outside the workspace", async () => {
      const { w, store, ctx, tool } = await setup();
      await w.write("a.txt", "a\n");
      const first = await store.snapshot({});
      const out = await tool.call({ action: "restore", id: first.id, paths: ["../x"] }, ctx);
      expect(out.textContent()).toMatch(/^Invalid input: `paths\[0\]` is outside the workspace/);
    });
  });

  describe("when options are wrong", () => {
    it.each([[{}, "CheckpointsTool: `store` must be a CheckpointStore, got undefined"]])(
      "throws a TypeError naming the option (%#)",
      (options, message) => {
        expect(() => new CheckpointsTool(options as never)).toThrow(new TypeError(message));
      },
    );
  });
});
