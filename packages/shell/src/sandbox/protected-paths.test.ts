import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import fc from "fast-check";
import {
  chmod,
  mkdir,
  mkdtemp,
  readFile,
  realpath,
  rm,
  stat,
  symlink,
  unlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  DEFAULT_PROTECT,
  moveEntry,
  ProtectScanError,
  scanProtected,
  sweepProtected,
} from "./protected-paths.js";

let base: string;
let ws: string;

beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), "protected-paths-")));
  ws = join(base, "ws");
  await mkdir(ws);
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

describe("scanProtected", () => {
  describe("when the writable places hold protected names", () => {
    it("lists them sorted, without descending into them or following symlinks", async () => {
      await mkdir(join(ws, ".git/modules/x/.git"), { recursive: true });
      await mkdir(join(ws, "a/b"), { recursive: true });
      await writeFile(join(ws, "a/b/.envrc"), "");
      await writeFile(join(ws, "a/.git"), "gitdir: ../.git/modules/x\n");
      await mkdir(join(base, "outside/.idea"), { recursive: true });
      await symlink(join(base, "outside"), join(ws, "link"));
      const scan = scanProtected({ roots: [ws, join(ws, "a")], names: DEFAULT_PROTECT });
      expect(scan.entries.map((e) => [e.path.slice(ws.length + 1), e.dir])).toEqual([
        [".git", true],
        ["a/.git", false],
        ["a/b/.envrc", false],
      ]);
    });
  });

  describe("when the places hold more entries than the budget", () => {
    it("throws, so the command is not run", async () => {
      for (const name of ["a", "b", "c", "d"]) await writeFile(join(ws, name), "");
      expect(() => scanProtected({ roots: [ws], names: [".git"], maxEntries: 3 })).toThrow(
        new ProtectScanError(
          "the writable places hold more than 3 entries, more than the walk for protected names (.git) may visit; the command was not run",
        ),
      );
      expect(scanProtected({ roots: [ws], names: [".git"], maxEntries: 4 }).entries).toEqual([]);
    });
  });
});

describe("scanProtected as another user", () => {
  // The walk runs in a Node that nobody can start: this one, or else the system's (CI's Node 24
  // pass runs node from npx's cache under /root, which nobody cannot enter).
  const nodeForNobody = [process.execPath, "/usr/bin/node", "/usr/local/bin/node"].find(
    (node) =>
      process.getuid?.() === 0 && spawnSync(node, ["-e", "0"], { uid: 65534, gid: 65534 }).status === 0,
  );
  const root = nodeForNobody !== undefined;
  if (!root)
    console.log(
      "skipping the walk-as-another-user tests: they need root, and a Node the user nobody can run",
    );

  /** Runs the walk over `ws` as the user nobody; its entries' paths, or the error it threw. */
  function scanAsNobody(): string {
    const module = join(import.meta.dirname, "protected-paths.ts");
    const script = `const { scanProtected } = await import(${JSON.stringify(module)});
      try { console.log(JSON.stringify(scanProtected({ roots: [${JSON.stringify(ws)}], names: [".git"] }).entries.map((e) => e.path))); }
      catch (error) { console.log(error.message); }`;
    return execFileSync(
      nodeForNobody ?? process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script],
      {
        uid: 65534,
        gid: 65534,
        encoding: "utf8",
      },
    ).trim();
  }

  beforeEach(async () => {
    await chmod(base, 0o755);
    await mkdir(join(ws, ".git"));
  });

  it.skipIf(!root)(
    "skips a folder of another user it cannot search: the command cannot reach inside either",
    async () => {
      await mkdir(join(ws, "closed/.git"), { recursive: true });
      await chmod(join(ws, "closed"), 0o700);
      expect(scanAsNobody()).toBe(JSON.stringify([join(ws, ".git")]));
    },
  );

  it.skipIf(!root)(
    "refuses a folder it can search but not list: the command could write below it",
    async () => {
      await mkdir(join(ws, "listless/sub"), { recursive: true });
      await chmod(join(ws, "listless/sub"), 0o777);
      await chmod(join(ws, "listless"), 0o711);
      expect(scanAsNobody()).toBe(
        `cannot list ${join(ws, "listless")} to check it for protected names (EACCES); the command was not run`,
      );
    },
  );
});

describe("sweepProtected", () => {
  describe("when a command created, replaced or moved protected entries", () => {
    it("quarantines what is new, by inode and link target, and leaves what was there", async () => {
      await mkdir(join(ws, "sub/.git"), { recursive: true });
      await mkdir(join(ws, "real.git"));
      await symlink("real.git", join(ws, ".git"));
      const scan = scanProtected({ roots: [ws], names: DEFAULT_PROTECT });
      // What a command can do: move a parent of a bound entry, replace an unbound symlink, create new ones.
      const { rename } = await import("node:fs/promises");
      await rename(join(ws, "sub"), join(ws, "sub2"));
      await unlink(join(ws, ".git"));
      await symlink("/tmp/evil", join(ws, ".git"));
      await mkdir(join(ws, "sub/.vscode"), { recursive: true });
      await writeFile(join(ws, "sub/.vscode/tasks.json"), "{}");
      const quarantine = join(base, "q");
      const result = sweepProtected({ scan, quarantine });
      expect(result).toEqual({ moved: [".git", "sub/.vscode"], quarantine, failed: [] });
      expect(existsSync(join(ws, "sub2/.git"))).toBe(true);
      expect(existsSync(join(ws, "sub/.vscode"))).toBe(false);
      expect(await readFile(join(quarantine, "sub/.vscode/tasks.json"), "utf8")).toBe("{}");
    });
  });

  describe("for any tree and any entries a command adds", () => {
    it("moves exactly the new protected entries, keeps the old ones and every other file", async () => {
      const segment = fc.constantFrom("a", "b", ".git", ".envrc", ".vscode");
      const path = fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join("/"));
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(path, { maxLength: 6 }),
          fc.uniqueArray(path, { maxLength: 6 }),
          async (before, added) => {
            const root = join(base, `run-${run++}`);
            const plant = async (rel: string) => {
              await mkdir(join(root, rel, ".."), { recursive: true }).catch(() => undefined);
              await writeFile(join(root, rel), rel).catch(() => undefined);
            };
            await mkdir(root);
            for (const rel of before) await plant(rel);
            const scan = scanProtected({ roots: [root], names: DEFAULT_PROTECT });
            for (const rel of added) await plant(rel);
            const result = sweepProtected({ scan, quarantine: join(base, `q-${run}`) });
            expect(result.failed).toEqual([]);
            const after = scanProtected({ roots: [root], names: DEFAULT_PROTECT });
            // Nothing new is left, and everything that was there at the start still is.
            expect(after.entries.map((e) => e.key).sort()).toEqual(scan.entries.map((e) => e.key).sort());
            for (const entry of scan.entries) expect(existsSync(entry.path)).toBe(true);
            for (const moved of result.moved) {
              expect(DEFAULT_PROTECT).toContain(moved.split("/").at(-1));
              expect(existsSync(join(base, `q-${run}`, moved))).toBe(true);
            }
            // A plain file outside every protected entry stays where it was written.
            for (const rel of [...before, ...added]) {
              const parts = rel.split("/");
              if (parts.some((p) => DEFAULT_PROTECT.includes(p))) continue;
              const info = await stat(join(root, rel)).catch(() => undefined);
              if (info?.isFile()) expect(await readFile(join(root, rel), "utf8")).toBe(rel);
            }
          },
        ),
        { numRuns: 40 },
      );
    });
  });

  describe("when an entry cannot be moved", () => {
    it("reports it as failed", async () => {
      const scan = scanProtected({ roots: [ws], names: [".envrc"] });
      await writeFile(join(ws, ".envrc"), "");
      const result = sweepProtected({
        scan,
        quarantine: join(base, "q"),
        move: () => {
          throw new Error("EPERM");
        },
      });
      expect(result.failed).toEqual([join(ws, ".envrc")]);
      expect(result.moved).toEqual([]);
    });
  });
});

describe("moveEntry", () => {
  describe("when the quarantine is on another file system", () => {
    it("copies and removes the entry", async () => {
      await mkdir(join(ws, ".idea"));
      await writeFile(join(ws, ".idea/x.xml"), "<x/>");
      const shm = await mkdtemp("/dev/shm/protected-paths-");
      try {
        moveEntry(join(ws, ".idea"), join(shm, "q/.idea"));
        expect(await readFile(join(shm, "q/.idea/x.xml"), "utf8")).toBe("<x/>");
        expect(existsSync(join(ws, ".idea"))).toBe(false);
      } finally {
        await rm(shm, { recursive: true, force: true });
      }
    });
  });
});
