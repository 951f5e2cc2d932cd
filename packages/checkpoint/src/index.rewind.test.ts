import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Workspace } from "@toolkit/core";
import { createFsTools } from "@toolkit/fs";
import { BareLoop, openaiChat, trajectoryObserver } from "@toolkit/loop";
import { ScriptedModelServer } from "@toolkit/loop/test";
import { ToolRegistry } from "@toolkit/registry";
import { afterEach, describe, expect, it } from "vitest";
import { CheckpointStore, withCheckpoints } from "./index.js";
import { hashFiles, type TestWorkspace, testWorkspace, skipWithoutGit } from "./store/test-workspace.js";

let ws: TestWorkspace | undefined;
let server: ScriptedModelServer | undefined;
let loop: BareLoop | undefined;
afterEach(async () => {
  await loop?.dispose();
  await server?.close();
  await ws?.cleanup();
  ws = undefined;
  server = undefined;
  loop = undefined;
});

const write = (file_path: string, content: string) => ({
  toolCalls: [{ name: "Write", input: { file_path, content } }],
});

describe.skipIf(skipWithoutGit("the rewind tests"))("BareLoop.rewind with withCheckpoints", () => {
  describe("when three turns changed files", () => {
    it("rewind(1) restores the files and the conversation as they were after turn 1", async () => {
      const w = await testWorkspace();
      ws = w;
      await w.write("keep.txt", "as the user left it\n");
      server = await ScriptedModelServer.start({
        script: [
          write("one.txt", "turn 1\n"),
          write("two.txt", "turn 2\n"),
          write("one.txt.bak", "turn 3\n"),
          { text: "done" },
          { text: "after the rewind" },
        ],
      });
      const store = await CheckpointStore.open({ workspace: w.root, stateDir: w.stateDir });
      const checkpoints = withCheckpoints(store);
      const registry = new ToolRegistry();
      for (const tool of createFsTools({ workspace: new Workspace({ root: w.root }) }))
        registry.register(tool);
      loop = new BareLoop({
        model: openaiChat({ baseUrl: server.openaiBaseUrl, model: "scripted" }),
        registry,
        middleware: [checkpoints],
        observers: [checkpoints],
        keepConversation: true,
        rewindFiles: checkpoints,
        cwd: w.root,
        isNonInteractive: true,
      });
      await loop.run("make three files");
      const afterTurn1 = { "keep.txt": (await hashFiles(w.root))["keep.txt"] as string };
      expect(loop.conversationTurns()).toEqual([1, 2, 3, 4]);
      expect(store.checkpoints().map((c) => c.turn)).toEqual([1, 2, 3]);

      await loop.rewind(1);
      const files = await hashFiles(w.root);
      expect(Object.keys(files)).toEqual(["keep.txt", "one.txt"]);
      expect(files["keep.txt"]).toBe(afterTurn1["keep.txt"]);
      expect(await readFile(join(w.root, "one.txt"), "utf8")).toBe("turn 1\n");
      expect(loop.conversation().map((m) => m.role)).toEqual(["user", "assistant", "tool"]);

      const next = await loop.run("go on");
      expect(next.text).toBe("after the rewind");
      expect(server.requests.at(-1)?.body).not.toContain("two.txt");
    });
  });

  describe("when the loop keeps a trajectory and a run pauses", () => {
    it("records each checkpoint's id in the trajectory and in the paused run's state", async () => {
      const w = await testWorkspace();
      ws = w;
      server = await ScriptedModelServer.start({
        script: [write("one.txt", "turn 1\n"), write("two.txt", "turn 2\n"), write("three.txt", "turn 3\n")],
      });
      const store = await CheckpointStore.open({ workspace: w.root, stateDir: w.stateDir });
      const checkpoints = withCheckpoints(store);
      const registry = new ToolRegistry();
      for (const tool of createFsTools({ workspace: new Workspace({ root: w.root }) }))
        registry.register(tool);
      const path = join(w.stateDir, "trajectory.jsonl");
      const pausing = new BareLoop({
        model: openaiChat({ baseUrl: server.openaiBaseUrl, model: "scripted" }),
        registry,
        middleware: [checkpoints],
        observers: [checkpoints, trajectoryObserver({ path })],
        approvals: "interrupt",
        // The third Write pauses: the first two ran, each after its turn's checkpoint.
        needsApproval: (call) => (call.input as { file_path?: string }).file_path === "three.txt",
        cwd: w.root,
        isNonInteractive: true,
      });
      loop = pausing;
      const outcome = await pausing.run("make three files");
      expect(outcome.status).toBe("interrupted");
      const ids = store.checkpoints().map((c) => c.id);
      expect(ids).toHaveLength(2);
      if (outcome.status !== "interrupted") return;
      expect(outcome.state.checkpoints?.map((c) => [c.turn, c.id])).toEqual([
        [1, ids[0]],
        [2, ids[1]],
      ]);
      const lines = (await readFile(path, "utf8"))
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { event?: string; type?: string; checkpoint?: string });
      const recorded = lines.filter((l) => l.checkpoint !== undefined).map((l) => l.checkpoint);
      expect(recorded).toEqual(ids);
    });
  });
});
