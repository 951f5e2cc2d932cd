import { spawn } from "node:child_process";
import { mkdir, readdir, readFile, rename, symlink, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { type TempWorkspace, tempWorkspace, view } from "@toolkit/test-kit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Read } from "../../read/read.js";
import { ApplyPatch } from "../apply-patch.js";
import {
  encodeIntent,
  encodeJournal,
  type JournalEntry,
  journalId,
  journalPaths,
  sha256,
  stagedPath,
} from "./journal-record.js";
import { type Owner, processOwner, selfOwner } from "./owner.js";
import { recoverPatches } from "./recover.js";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

/** No process has this pid (above Linux's largest pid_max). */
const GONE: Owner = { pid: 4_194_999, start: 1 };

interface Spec {
  name: string;
  /** What is at the target now (undefined: nothing). */
  now?: string;
  /** The old and new contents the journal names, and whether each is still staged (and as what). */
  old?: { text: string; staged?: string };
  new?: { text: string; staged?: string };
}

/** Leaves the staged copies and the journal a commit killed after its intent record would have left. */
async function leaveJournal(
  specs: Spec[],
  owner: Owner = GONE,
  random = "0123456789abcdef",
): Promise<string> {
  const id = journalId(owner, random);
  const entries: JournalEntry[] = [];
  for (const s of specs) {
    const path = join(ws.root, s.name);
    await mkdir(dirname(path), { recursive: true });
    if (s.now !== undefined) await writeFile(path, s.now);
    const sides: Partial<Record<"old" | "new", { staged: string; sha256: string }>> = {};
    for (const side of ["old", "new"] as const) {
      const v = s[side];
      if (!v) continue;
      const staged = stagedPath(path, id, side);
      if (v.staged !== undefined) await writeFile(staged, v.staged);
      sides[side] = { staged, sha256: sha256(v.text) };
    }
    entries.push({ path, shown: s.name, ...sides });
  }
  const paths = journalPaths(ws.root, id);
  await writeFile(
    paths.intent,
    encodeIntent(entries.flatMap((e) => [e.old?.staged, e.new?.staged].filter((p) => p !== undefined))),
  );
  await writeFile(paths.journal, encodeJournal({ id, owner, entries }));
  return paths.journal;
}

/** Reads e.txt (made here) and patches it, as the next call of a model would. */
async function patchE() {
  await writeFile(join(ws.root, "e.txt"), "e\n");
  await new Read().call({ file_path: "e.txt" }, ws.ctx);
  const patch = "*** Begin Patch\n*** Update File: e.txt\n-e\n+E\n*** End Patch";
  return view(await new ApplyPatch().call({ patch }, ws.ctx));
}

/** Every file in the workspace with its text. */
async function tree(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await readdir(ws.root, { recursive: true, withFileTypes: true })) {
    if (e.isFile())
      out[relative(ws.root, join(e.parentPath, e.name))] = await readFile(join(e.parentPath, e.name), "utf8");
  }
  return out;
}

/** A commit killed after its second rename: a.txt and c.txt (added) in place, b.txt and d.txt (deleted) not yet. */
const HALF_DONE: Spec[] = [
  { name: "a.txt", now: "A\n", old: { text: "a\n", staged: "a\n" }, new: { text: "A\n" } },
  { name: "sub/c.txt", now: "C\n", new: { text: "C\n" } },
  { name: "b.txt", now: "b\n", old: { text: "b\n", staged: "b\n" }, new: { text: "B\n", staged: "B\n" } },
  { name: "d.txt", now: "d\n", old: { text: "d\n", staged: "d\n" } },
];

describe("recoverPatches", () => {
  describe("when the root is not a folder", () => {
    it.each([
      ["a missing path", "/no/such/workspace", "ENOENT"],
      ["an empty path", "", ""],
    ])("refuses %s with a TypeError naming root", async (_what, root, code) => {
      const error = await recoverPatches(root).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TypeError);
      expect(String(error)).toContain("recoverPatches: `root`");
      expect(String(error)).toContain(code);
    });
  });

  describe("when a commit was killed halfway and every new file is in place or staged", () => {
    it("rolls it forward: every file new, no journal or staged copy left", async () => {
      const journal = await leaveJournal(HALF_DONE);
      expect(await recoverPatches(ws.root)).toEqual([
        {
          journal: relative(ws.root, journal),
          outcome: "rolled-forward",
          files: ["a.txt", "sub/c.txt", "b.txt", "d.txt"],
        },
      ]);
      expect(await tree()).toEqual({ "a.txt": "A\n", "b.txt": "B\n", "sub/c.txt": "C\n" });
    });
  });

  describe("when a staged new file is damaged but every old one verifies", () => {
    it("rolls it back: every file old again", async () => {
      const specs = HALF_DONE.map((s) =>
        s.name === "b.txt" ? { ...s, new: { text: "B\n", staged: "B, cut sh" } } : s,
      );
      await leaveJournal(specs);
      expect((await recoverPatches(ws.root))[0]?.outcome).toBe("rolled-back");
      expect(await tree()).toEqual({ "a.txt": "a\n", "b.txt": "b\n", "d.txt": "d\n" });
    });
  });

  describe("when neither side verifies", () => {
    it("touches nothing, keeps the journal, and ApplyPatch refuses until it is settled", async () => {
      const specs = HALF_DONE.map((s) =>
        s.name === "b.txt"
          ? { ...s, new: { text: "B\n", staged: "damaged" } }
          : s.name === "a.txt"
            ? { ...s, old: { text: "a\n", staged: "damaged" } }
            : s,
      );
      const journal = await leaveJournal(specs);
      const before = await tree();
      const [r] = await recoverPatches(ws.root);
      expect(r?.outcome).toBe("unrecoverable");
      expect(r?.reason).toContain("neither every new file nor every old file");
      expect(await tree()).toEqual(before);
      const out = await patchE();
      expect(out.isError).toBe(true);
      expect(out.text).toContain(
        `an interrupted patch in this workspace could not be settled (${relative(ws.root, journal)}: neither`,
      );
      expect(await readFile(join(ws.root, "e.txt"), "utf8")).toBe("e\n");
    });

    it("keeps a file someone else changed since, rather than overwrite it", async () => {
      const specs = HALF_DONE.map((s) => (s.name === "b.txt" ? { ...s, now: "edited by hand\n" } : s));
      await leaveJournal(specs);
      expect((await recoverPatches(ws.root))[0]?.outcome).toBe("unrecoverable");
      expect((await tree())["b.txt"]).toBe("edited by hand\n");
    });
  });

  describe("when the journal itself is damaged", () => {
    it.each([
      ["cut short", (t: string) => t.slice(0, t.length >> 1), "not valid JSON"],
      ["with a changed byte", (t: string) => t.replace("a.txt", "x.txt"), "does not match its hash"],
      ["emptied", () => "", "not valid JSON"],
    ])("refuses to trust a journal %s", async (_, damage, why) => {
      const journal = await leaveJournal(HALF_DONE);
      await writeFile(journal, damage(await readFile(journal, "utf8")));
      const before = await tree();
      const [r] = await recoverPatches(ws.root);
      expect(r?.outcome).toBe("unrecoverable");
      expect(r?.reason).toContain(why);
      expect(await tree()).toEqual(before);
    });

    it("refuses a well-formed journal that names a file outside the workspace", async () => {
      const id = journalId(GONE, "fedcba9876543210");
      const entries = [
        { path: "/etc/hostname", shown: "x", new: { staged: "/etc/.hostname.x.new", sha256: "0" } },
      ];
      await writeFile(journalPaths(ws.root, id).journal, encodeJournal({ id, owner: GONE, entries }));
      const [r] = await recoverPatches(ws.root);
      expect(r?.outcome).toBe("unrecoverable");
      expect(r?.reason).toContain("outside the workspace");
    });
  });

  describe("when a link is planted at a journal's name", () => {
    it("does not follow it: the journal reads as damaged and the file it points to is untouched", async () => {
      const outside = await tempWorkspace();
      try {
        const target = join(outside.root, "secret.json");
        const journal = await leaveJournal(HALF_DONE);
        await rename(journal, target);
        await symlink(target, journal);
        const [r] = await recoverPatches(ws.root);
        expect(r?.outcome).toBe("unrecoverable");
        expect(r?.reason).toContain("not valid JSON");
        expect((await tree())["b.txt"]).toBe("b\n");
      } finally {
        await outside.cleanup();
      }
    });
  });

  describe("when the journal's process still runs", () => {
    it("leaves it alone, but recovers one whose pid now belongs to a process started later", async () => {
      const sleeper = spawn("sleep", ["30"], { stdio: "ignore" });
      try {
        const live = processOwner(sleeper.pid ?? 0);
        expect(live).toBeDefined();
        if (!live) return;
        await leaveJournal(HALF_DONE, live);
        expect((await recoverPatches(ws.root))[0]?.outcome).toBe("in-progress");
        expect((await tree())["b.txt"]).toBe("b\n");
        await ws.cleanup();
        ws = await tempWorkspace();
        await leaveJournal(HALF_DONE, { pid: live.pid, start: live.start + 1 });
        expect((await recoverPatches(ws.root))[0]?.outcome).toBe("rolled-forward");
      } finally {
        sleeper.kill("SIGKILL");
      }
    });

    it("recovers a journal of this very process once its commit has returned", async () => {
      await leaveJournal(HALF_DONE, selfOwner());
      expect((await recoverPatches(ws.root))[0]?.outcome).toBe("rolled-forward");
    });
  });

  describe("when a commit was killed while staging", () => {
    it("removes its staged copies (and a cut-short temp file) and says it changed nothing", async () => {
      await writeFile(join(ws.root, "a.txt"), "a\n");
      const id = journalId(GONE, "00000000000000aa");
      const staged = stagedPath(join(ws.root, "a.txt"), id, "new");
      await writeFile(staged, "A\n");
      await writeFile(join(ws.root, `.${staged.split("/").at(-1)}.0a1b2c3d4e5f.tmp`), "A");
      await writeFile(
        journalPaths(ws.root, id).intent,
        encodeIntent([staged, stagedPath(join(ws.root, "a.txt"), id, "old")]),
      );
      const [r] = await recoverPatches(ws.root);
      expect(r).toEqual({ journal: expect.stringMatching(/\.intent$/), outcome: "rolled-back", files: [] });
      expect(await tree()).toEqual({ "a.txt": "a\n" });
    });
  });

  describe("when ApplyPatch runs next in the workspace", () => {
    it("settles the journal first and says so in its reply", async () => {
      const journal = await leaveJournal(HALF_DONE);
      const out = await patchE();
      expect(out.isError).toBe(false);
      expect(out.text.split("\n\n").slice(0, 2)).toEqual([
        `Recovered an interrupted patch (${relative(ws.root, journal)}): rolled forward, so a.txt, sub/c.txt, b.txt, d.txt now have its new content. Read them again before changing them.`,
        "M e.txt",
      ]);
      expect(await tree()).toEqual({ "a.txt": "A\n", "b.txt": "B\n", "sub/c.txt": "C\n", "e.txt": "E\n" });
    });
  });
});
