import { access, rm } from "node:fs/promises";
import { join } from "node:path";
import { createToolContext, FnTool, Workspace } from "@toolkit/core";
import { createFsTools } from "@toolkit/fs";
import { dispatch, ToolRegistry } from "@toolkit/registry";
import { createShellTools } from "@toolkit/shell";
import { describe, expect, it } from "vitest";
import type { Checkpoint } from "../store/checkpoint.js";
import { CheckpointStore } from "../store/checkpoint-store.js";
import { useTestWorkspaces, skipWithoutGit } from "../store/test-workspace.js";
import { CheckpointsTool } from "../tool/checkpoints-tool.js";
import { withCheckpoints } from "./with-checkpoints.js";

const newWorkspace = useTestWorkspaces();

async function setup() {
  const w = await newWorkspace();
  await w.write("a.txt", "a\n");
  const store = await CheckpointStore.open({ workspace: w.root, stateDir: w.stateDir });
  const taken: Checkpoint[] = [];
  const layer = withCheckpoints(store, { onCheckpoint: (c) => taken.push(c) });
  const workspace = new Workspace({ root: w.root });
  const registry = new ToolRegistry();
  for (const tool of createFsTools({ workspace })) registry.register(tool);
  for (const tool of createShellTools({ workspace, sandbox: "off" })) registry.register(tool);
  registry.register(new CheckpointsTool({ store }));
  const ctx = createToolContext({ cwd: w.root, tempDir: join(w.stateDir, "..", "tmp") });
  let n = 0;
  const run = (turn: number, ...calls: Array<[string, unknown]>) =>
    dispatch(
      registry,
      calls.map(([name, input]) => ({ id: `c${++n}`, name, input })),
      { middleware: [layer], ctx, turn },
    );
  return { w, store, layer, taken, run, registry };
}

describe.skipIf(skipWithoutGit("the withCheckpoints tests"))("withCheckpoints", () => {
  describe("when a turn only reads", () => {
    it("takes no checkpoint, for read-only tools and read-only commands alike", async () => {
      const { store, run } = await setup();
      await run(
        1,
        ["Read", { file_path: "a.txt" }],
        ["Shell", { command: "cat a.txt | wc -l" }],
        ["Checkpoints", { action: "list" }],
      );
      expect(store.checkpoints()).toEqual([]);
    });
  });

  describe("when a turn changes files", () => {
    it("takes one checkpoint before the first change and records the calls that followed", async () => {
      const { store, run, taken } = await setup();
      await run(
        1,
        ["Write", { file_path: "b.txt", content: "b\n" }],
        ["Write", { file_path: "c.txt", content: "c\n" }],
      );
      expect(store.checkpoints().map((c) => [c.kind, c.turn, c.calls.map((call) => call.id)])).toEqual([
        ["turn", 1, ["c1", "c2"]],
      ]);
      expect(taken.map((c) => c.id)).toEqual([store.checkpoints()[0]?.id]);
    });

    it("records what a command changed", async () => {
      const { store, run } = await setup();
      await run(1, ["Shell", { command: "echo x > new.txt && rm a.txt" }]);
      expect(store.checkpoints()[0]?.calls).toEqual([
        { id: "c1", name: "Shell", changed: ["a.txt", "new.txt"] },
      ]);
    });
  });

  describe("when turns restart at 1 in a new run", () => {
    it("takes a new checkpoint when onTurnStart marked the new turn", async () => {
      const { store, run, layer } = await setup();
      layer.onTurnStart({ turn: 1 });
      await run(1, ["Write", { file_path: "b.txt", content: "1\n" }]);
      await run(1, ["Write", { file_path: "b.txt", content: "2\n" }]);
      expect(store.checkpoints()).toHaveLength(1);
      layer.onTurnStart({ turn: 1 });
      await run(1, ["Write", { file_path: "c.txt", content: "3\n" }]);
      expect(store.checkpoints().map((c) => c.turn)).toEqual([1, 1]);
    });
  });

  describe("when no checkpoint can be taken", () => {
    it("refuses the call and the tool does not run", async () => {
      const { w, store, run } = await setup();
      await rm(store.gitDir, { recursive: true, force: true });
      const [result] = await run(1, ["Write", { file_path: "b.txt", content: "b\n" }]);
      expect(result?.output.textContent()).toMatch(
        /^Execution error: no checkpoint could be taken before this call, so it did not run: git ls-files -z failed/,
      );
      await expect(access(join(w.root, "b.txt"))).rejects.toThrow(/ENOENT/);
    });
  });

  describe("when the store is not a store", () => {
    it("throws a TypeError naming it", () => {
      expect(() => withCheckpoints({} as never)).toThrow(
        new TypeError(
          "withCheckpoints: `store` must be a CheckpointStore (CheckpointStore.open), got object",
        ),
      );
    });
  });

  describe("when a tool is unknown or custom", () => {
    it("passes unknown names through and checkpoints a custom tool that is not read-only", async () => {
      const { store, run, registry } = await setup();
      registry.register(new FnTool("Note", "Notes.", { type: "object" }, () => "ok"));
      registry.register(new FnTool("Peek", "Peeks.", { type: "object" }, () => "ok").readOnly());
      await run(1, ["Nope", {}], ["Peek", {}]);
      expect(store.checkpoints()).toEqual([]);
      await run(2, ["Note", {}]);
      expect(store.checkpoints()).toHaveLength(1);
    });
  });
});
