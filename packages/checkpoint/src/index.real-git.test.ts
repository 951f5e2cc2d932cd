import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { createToolContext, type ToolContext, Workspace } from "@toolkit/core";
import { createFsTools } from "@toolkit/fs";
import { dispatch, ToolRegistry } from "@toolkit/registry";
import { createShellTools } from "@toolkit/shell";
import { describe, expect, it } from "vitest";
import { CheckpointStore, withCheckpoints } from "./index.js";
import {
  hashFiles,
  type TestWorkspace,
  useTestWorkspaces,
  userGit,
  skipWithoutGit,
} from "./store/test-workspace.js";

const newWorkspace = useTestWorkspaces();

/** Files that are never stored (ignored or over the cap): a restore leaves them as they are. */
const UNSTORED = ["big.dat", "build/x", "debug.log"];

/** The files a restore to `target` must leave: the target's stored files, the current unstored ones. */
function restored(target: Record<string, string>, current: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, hash] of Object.entries(target)) if (!UNSTORED.includes(path)) out[path] = hash;
  for (const path of UNSTORED) if (current[path] !== undefined) out[path] = current[path] as string;
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}

async function seed(w: TestWorkspace, isRepo: boolean): Promise<void> {
  await w.write(".gitignore", "*.log\nbuild/\n");
  await w.write("src/a.ts", "export const a = 1;\n");
  await w.write("src/b.ts", "line one\nline two\n");
  await w.write("src/old.txt", "to be renamed\n");
  await w.write("gone.txt", "to be deleted\n");
  await w.write("img.bin", Buffer.concat([Buffer.from([0, 255, 0, 13, 10]), randomBytes(900)]));
  await w.write("big.dat", Buffer.alloc(4096, 7));
  await w.write("debug.log", "ignored 1\n");
  if (isRepo) {
    userGit(w.root, "init", "-q");
    userGit(w.root, "add", "-A");
    userGit(w.root, "commit", "-q", "-m", "initial");
  }
  // Uncommitted work of the user's: a modified tracked file and an untracked one.
  await w.write("src/b.ts", "line one\nline two\nline three (uncommitted)\n");
  await w.write("draft.md", "# draft\n");
}

describe.skipIf(skipWithoutGit("the real-git checkpoint tests")).each([
  ["a git repository with uncommitted changes", true],
  ["a folder that is not a git repository", false],
])("checkpoints of %s", (_name, isRepo) => {
  it("undoes two turns to the exact bytes, restores one path, and never touches .git", async () => {
    const w = await newWorkspace();
    await seed(w, isRepo);
    const gitBefore = isRepo ? await hashFiles(join(w.root, ".git")) : undefined;

    const store = await CheckpointStore.open({ workspace: w.root, stateDir: w.stateDir, maxFileBytes: 1024 });
    const layer = withCheckpoints(store);
    const workspace = new Workspace({ root: w.root });
    const registry = new ToolRegistry();
    for (const tool of createFsTools({ workspace })) registry.register(tool);
    for (const tool of createShellTools({ workspace, sandbox: "off" })) registry.register(tool);
    const ctx: ToolContext = createToolContext({ cwd: w.root, tempDir: join(w.stateDir, "..", "tmp") });
    let n = 0;
    const turn = async (number: number, calls: Array<{ name: string; input: unknown }>) => {
      const results = await dispatch(
        registry,
        calls.map((c) => ({ id: `call-${++n}`, ...c })),
        { middleware: [layer], ctx, turn: number },
      );
      for (const r of results) expect(r.output.isError, `${r.name}: ${r.output.textContent()}`).toBe(false);
    };
    const files = () => hashFiles(w.root, [".git"]);

    const s0 = await files();
    await turn(1, [
      { name: "Read", input: { file_path: "src/a.ts" } },
      { name: "Edit", input: { file_path: "src/a.ts", old_string: "= 1", new_string: "= 2" } },
      { name: "Write", input: { file_path: "notes.md", content: "turn one\n" } },
    ]);
    const s1 = await files();
    await turn(2, [
      { name: "Read", input: { file_path: "src/b.ts" } },
      {
        name: "ApplyPatch",
        input: {
          patch: [
            "*** Begin Patch",
            "*** Update File: src/b.ts",
            " line one",
            "-line two",
            "+line 2",
            "*** Add File: src/c.ts",
            "+export const c = 3;",
            "*** End Patch",
          ].join("\n"),
        },
      },
      {
        name: "Shell",
        input: { command: "mv src/old.txt src/renamed.txt && rm gone.txt && echo log 2 > debug.log" },
      },
    ]);
    const s2 = await files();
    await turn(3, [
      { name: "Read", input: { file_path: "src/a.ts" } },
      { name: "Edit", input: { file_path: "src/a.ts", old_string: "= 2", new_string: "= 3" } },
      {
        name: "Shell",
        input: {
          command:
            "head -c 900 /dev/urandom > img.bin && head -c 5000 /dev/zero > big.dat && mkdir -p build && echo out > build/x",
        },
      },
    ]);
    const s3 = await files();
    expect(s3["img.bin"]).not.toBe(s2["img.bin"]);

    const list = await store.list();
    expect(list.map((c) => [c.kind, c.turn, c.calls.map((call) => call.name)])).toEqual([
      ["turn", 1, ["Edit", "Write"]],
      ["turn", 2, ["ApplyPatch"]],
      ["command", 2, ["Shell"]],
      ["turn", 3, ["Edit"]],
      ["command", 3, ["Shell"]],
    ]);
    expect(list[2]?.calls[0]?.changed).toEqual(["gone.txt", "src/old.txt", "src/renamed.txt"]);
    expect(list[4]?.calls[0]?.changed).toEqual(["img.bin"]);
    expect(list[0]?.skipped).toEqual([{ path: "big.dat", bytes: 4096 }]);
    expect(list[0]?.stat).toMatch(/notes\.md \| 1 \+\n.*src\/a\.ts \| 2 \+-\n.*2 files changed/s);

    const first = await store.undo({ ctx });
    expect(first?.target.id).toBe(list[3]?.id);
    expect(await files()).toEqual(restored(s2, s3));
    const second = await store.undo({ ctx });
    expect(second?.target.id).toBe(list[1]?.id);
    expect(second?.removed).toEqual(["src/c.ts", "src/renamed.txt"]);
    expect(second?.skipped).toEqual(["big.dat"]);
    expect(await files()).toEqual(restored(s1, s3));

    // A restore is itself undone by restoring the checkpoint it took first.
    await store.restore(first?.before.id as string, { ctx });
    expect(await files()).toEqual(s3);

    // One path only: the others stay as they are.
    const one = await store.restore(list[0]?.id as string, { paths: ["src/a.ts"], ctx });
    expect(one.restored).toEqual(["src/a.ts"]);
    expect(await files()).toEqual({ ...s3, "src/a.ts": s0["src/a.ts"] });

    if (gitBefore) expect(await hashFiles(join(w.root, ".git"))).toEqual(gitBefore);
    expect(store.gitDir.startsWith(w.stateDir)).toBe(true);
  });
});
