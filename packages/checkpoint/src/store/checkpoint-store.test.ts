import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CheckpointError } from "./checkpoint-error.js";
import { CheckpointStore } from "./checkpoint-store.js";
import {
  hashFiles,
  type TestWorkspace,
  useTestWorkspaces,
  userGit,
  skipWithoutGit,
} from "./test-workspace.js";

const newWorkspace = useTestWorkspaces();

async function fresh(maxFileBytes = 1024): Promise<{ w: TestWorkspace; store: CheckpointStore }> {
  const w = await newWorkspace();
  return { w, store: await CheckpointStore.open({ workspace: w.root, stateDir: w.stateDir, maxFileBytes }) };
}

describe.skipIf(skipWithoutGit("the CheckpointStore tests"))("CheckpointStore", () => {
  describe("when a stored file grows over the cap", () => {
    it("leaves it out of the next checkpoint and a restore leaves its bytes alone", async () => {
      const { w, store } = await fresh();
      await w.write("data.bin", Buffer.alloc(100, 1));
      const small = await store.snapshot({ turn: 1 });
      await w.write("data.bin", Buffer.alloc(2000, 2));
      const grown = await store.snapshot({ turn: 2 });
      expect(small.skipped).toEqual([]);
      expect(grown.skipped).toEqual([{ path: "data.bin", bytes: 2000 }]);
      const result = await store.restore(small.id);
      expect(result.skipped).toEqual(["data.bin"]);
      expect(result.restored).toEqual([]);
      expect(await readFile(join(w.root, "data.bin"))).toEqual(Buffer.alloc(2000, 2));
    });
  });

  describe("when the workspace declares line-ending and filter attributes", () => {
    it("stores and restores the bytes as they are", async () => {
      const { w, store } = await fresh();
      await w.write(".gitattributes", "* text eol=crlf\n*.txt filter=lfs\n");
      await w.write("mixed.txt", "lf\ncrlf\r\nlone\r");
      const before = await store.snapshot({ turn: 1 });
      const bytes = await hashFiles(w.root);
      await w.write("mixed.txt", "changed\n");
      await store.restore(before.id);
      expect(await hashFiles(w.root)).toEqual(bytes);
    });
  });

  describe("when the host's environment points git elsewhere", () => {
    it("ignores GIT_DIR, GIT_INDEX_FILE and the user's config", async () => {
      const { w } = await fresh();
      await w.write("a.txt", "a\n");
      userGit(w.root, "init", "-q");
      const dotGit = await hashFiles(join(w.root, ".git"));
      const saved = { ...process.env };
      process.env.GIT_DIR = join(w.root, ".git");
      process.env.GIT_INDEX_FILE = join(w.root, ".git", "index");
      process.env.GIT_CONFIG_PARAMETERS = "'core.hooksPath'='/nowhere'";
      try {
        const store = await CheckpointStore.open({ workspace: w.root, stateDir: w.stateDir });
        await store.snapshot({ turn: 1 });
        expect(store.gitDir.startsWith(w.stateDir)).toBe(true);
      } finally {
        process.env = saved;
      }
      expect(await hashFiles(join(w.root, ".git"))).toEqual(dotGit);
    });
  });

  describe("when it is opened again", () => {
    it("finds the checkpoints it kept and undoes across the reopen", async () => {
      const { w, store } = await fresh();
      await w.write("a.txt", "one\n");
      const first = await store.snapshot({ turn: 1 });
      await w.write("a.txt", "two\n");
      const again = await CheckpointStore.open({ workspace: w.root, stateDir: w.stateDir });
      expect(again.checkpoints().map((c) => c.id)).toEqual([first.id]);
      expect(
        await readFile(
          join(w.stateDir, again.gitDir.split("/").at(-1) as string, "refs", "toolkit", "checkpoints"),
          "utf8",
        ),
      ).toBe(`${first.commit}\n`);
      expect((await again.undo())?.restored).toEqual(["a.txt"]);
      expect(await readFile(join(w.root, "a.txt"), "utf8")).toBe("one\n");
      expect(await again.undo()).toBeUndefined();
    });
  });

  describe("when a restore deletes the only files of a folder", () => {
    it("removes the emptied folder too", async () => {
      const { w, store } = await fresh();
      await w.write("keep.txt", "k\n");
      const before = await store.snapshot({ turn: 1 });
      await w.write("new/deep/x.txt", "x\n");
      expect((await store.restore(before.id)).removed).toEqual(["new/deep/x.txt"]);
      expect(await hashFiles(w.root)).toEqual({ "keep.txt": expect.any(String) });
    });
  });

  describe("when a file becomes a folder and a folder a file", () => {
    it("stores both states and restores each", async () => {
      const { w, store } = await fresh();
      await w.write("a", "file a\n");
      await w.write("b/inner.txt", "in b\n");
      const first = await store.snapshot({ turn: 1 });
      const before = await hashFiles(w.root);
      await rm(join(w.root, "a"));
      await rm(join(w.root, "b"), { recursive: true });
      await w.write("a/inner.txt", "in a\n");
      await w.write("b", "file b\n");
      const second = await store.snapshot({ turn: 2 });
      const after = await hashFiles(w.root);
      await store.restore(first.id);
      expect(await hashFiles(w.root)).toEqual(before);
      await store.restore(second.id);
      expect(await hashFiles(w.root)).toEqual(after);
    });
  });

  describe("when the workspace holds a nested git repository", () => {
    it("stores it as git does, without failing the snapshot", async () => {
      const { w, store } = await fresh();
      await w.write("vendor/lib/x.txt", "x\n");
      userGit(join(w.root, "vendor", "lib"), "init", "-q");
      userGit(join(w.root, "vendor", "lib"), "add", "-A");
      userGit(join(w.root, "vendor", "lib"), "commit", "-q", "-m", "lib");
      await w.write("top.txt", "t\n");
      const first = await store.snapshot({});
      expect((await store.diff(first.id)).patch).toBe("");
    });
  });

  describe("when diffing", () => {
    it("shows the stat and the patch from a checkpoint to now, and between two checkpoints", async () => {
      const { w, store } = await fresh();
      await w.write("a.txt", "one\n");
      const first = await store.snapshot({ turn: 1 });
      await w.write("a.txt", "two\n");
      const second = await store.snapshot({ turn: 2 });
      const now = await store.diff(first.id);
      expect(now.stat).toBe(" a.txt | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)");
      expect(now.patch).toContain("-one\n+two\n");
      expect((await store.diff(second.id)).patch).toBe("");
      expect((await store.diff(first.id, second.id)).patch).toBe(now.patch);
    });
  });

  describe("when an id or a path is wrong", () => {
    it.each([
      ["zzzz", /`id` must be a checkpoint id \(4 to 40 hex digits, as list\(\) shows them\), got "zzzz"/],
      ["abcdef12", /no checkpoint has id abcdef12; the latest are: [0-9a-f]{12}/],
    ])("refuses id %j with a CheckpointError", async (id, message) => {
      const { w, store } = await fresh();
      await w.write("a.txt", "a\n");
      await store.snapshot({});
      await expect(store.restore(id)).rejects.toThrow(message);
      await expect(store.diff(id)).rejects.toBeInstanceOf(CheckpointError);
    });

    it("refuses a restore path outside the workspace and takes no checkpoint for it", async () => {
      const { w, store } = await fresh();
      await w.write("a.txt", "a\n");
      const only = await store.snapshot({});
      await expect(store.restore(only.id, { paths: ["../etc/passwd"] })).rejects.toThrow(
        /`paths\[0\]` is outside the workspace/,
      );
      expect(store.checkpoints()).toHaveLength(1);
    });
  });

  describe("when options are wrong", () => {
    it("refuses a state folder inside the workspace", async () => {
      const w = await newWorkspace();
      await expect(
        CheckpointStore.open({ workspace: w.root, stateDir: join(w.root, "state") }),
      ).rejects.toThrow(/`stateDir` .* is inside the workspace .*; checkpoints would store themselves/);
    });

    it.each([
      [{ workspace: "" }, 'CheckpointStore.open: `workspace` must be a folder path, got ""'],
      [
        { workspace: "/nonexistent-toolkit-ws" },
        "CheckpointStore.open: `workspace` /nonexistent-toolkit-ws does not exist",
      ],
      [
        { workspace: "/tmp", maxFileBytes: -1 },
        "CheckpointStore.open: `maxFileBytes` must be a whole number of bytes >= 0, got -1",
      ],
    ])("refuses %j naming the option", async (options, message) => {
      await expect(CheckpointStore.open(options)).rejects.toThrow(message);
    });
  });

  describe("when the shadow repository is gone", () => {
    it("rejects the snapshot with the git error", async () => {
      const { w, store } = await fresh();
      await w.write("a.txt", "a\n");
      await rm(store.gitDir, { recursive: true, force: true });
      await expect(store.snapshot({})).rejects.toThrow(/git ls-files -z failed \(exit 128\)/);
    });
  });
});
