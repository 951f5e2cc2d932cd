import { type TempWorkspace, tempWorkspace } from "@toolkit/test-kit";
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, stat, symlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { ToolError } from "@toolkit/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeFileAtomic } from "@toolkit/core";
import type { FileSource } from "../source/file-source.js";
import { LocalFileSource } from "@toolkit/core";
import { Read } from "../read/read.js";
import { wrapSource } from "../source/test-helpers.js";
import { Write } from "./write.js";

let ws: TempWorkspace;
let outside: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
  outside = await tempWorkspace("toolkit-fs-outside-");
});
afterEach(async () => {
  await ws.cleanup();
  await outside.cleanup();
});

const at = (name: string) => join(ws.root, name);
const TEMP = /^\.[^/]+\.[0-9a-f]{12}\.tmp$/;

describe("writeFileAtomic", () => {
  describe("when the write succeeds", () => {
    it("creates missing parents and leaves only the target", async () => {
      await writeFileAtomic({ path: at("a/b/c.txt"), data: Buffer.from("hi"), realRoot: ws.root });
      expect(await readFile(at("a/b/c.txt"), "utf8")).toBe("hi");
      expect(await readdir(at("a/b"))).toEqual(["c.txt"]);
    });
    it("keeps an existing file's mode, and gives a new file the requested one", async () => {
      await writeFile(at("x"), "old", { mode: 0o600 });
      await writeFileAtomic({ path: at("x"), data: Buffer.from("new"), realRoot: ws.root });
      expect((await stat(at("x"))).mode & 0o777).toBe(0o600);
      await writeFileAtomic({ path: at("y"), data: Buffer.from("new"), realRoot: ws.root, mode: 0o640 });
      expect((await stat(at("y"))).mode & 0o777).toBe(0o640);
    });
  });
  describe("when the process fails before the rename", () => {
    it("keeps the old content and removes the temp file", async () => {
      await writeFile(at("t.txt"), "old");
      let temp = "";
      const failing = writeFileAtomic({
        path: at("t.txt"),
        data: Buffer.from("new"),
        realRoot: ws.root,
        beforeRename: async (path) => {
          temp = path;
          throw new Error("crash");
        },
      });
      await expect(failing).rejects.toThrow("IO error: cannot write");
      expect(await readFile(at("t.txt"), "utf8")).toBe("old");
      expect(temp).not.toBe(at("t.txt"));
      expect(existsSync(temp)).toBe(false);
    });
  });
  describe("when a symlink is swapped in right before the rename", () => {
    it("refuses when the directory now leads outside, and nothing is written there", async () => {
      await mkdir(at("dir"));
      const failing = writeFileAtomic({
        path: at("dir/f.txt"),
        data: Buffer.from("payload"),
        realRoot: ws.root,
        beforeRename: async () => {
          await rename(at("dir"), at("dir-moved"));
          await symlink(outside.root, at("dir"));
        },
      });
      await expect(failing).rejects.toSatisfy((e) => ToolError.is(e) && e.kind === "Permission");
      expect(await readdir(outside.root)).toEqual([]);
      // The temp file is removed through the held directory (or, without /proc, left in it).
      const left = await readdir(at("dir-moved"));
      expect(left.filter((name) => !TEMP.test(name))).toEqual([]);
    });
    it("refuses when the target itself became a symlink", async () => {
      await writeFile(join(outside.root, "victim"), "safe");
      const failing = writeFileAtomic({
        path: at("f.txt"),
        data: Buffer.from("payload"),
        realRoot: ws.root,
        beforeRename: async () => {
          await symlink(join(outside.root, "victim"), at("f.txt"));
        },
      });
      await expect(failing).rejects.toThrow(
        /was replaced by a symlink while it was being written; nothing was written/,
      );
      expect(await readFile(join(outside.root, "victim"), "utf8")).toBe("safe");
    });
  });
  describe("when a parent leads outside before the write starts", () => {
    it("creates no directory outside the root", async () => {
      await symlink(outside.root, at("link"));
      const failing = writeFileAtomic({
        path: at("link/sub/f.txt"),
        data: Buffer.from("x"),
        realRoot: ws.root,
      });
      await expect(failing).rejects.toSatisfy((e) => ToolError.is(e) && e.kind === "Permission");
      expect(await readdir(outside.root)).toEqual([]);
    });
  });
});

describe("Write", () => {
  describe("when a symlink is swapped in between the check and the write", () => {
    it("refuses and writes nothing outside the workspace", async () => {
      await mkdir(at("dir"));
      await writeFile(at("dir/f.txt"), "v1");
      await new Read().call({ file_path: "dir/f.txt" }, ws.ctx);
      const local = new LocalFileSource();
      const swapping: FileSource = wrapSource(local, {
        async writeFile(p, d, o) {
          await rename(at("dir"), at("dir-moved"));
          await symlink(outside.root, at("dir"));
          return local.writeFile(p, d, o);
        },
      });
      const out = await new Write({ source: swapping }).call(
        { file_path: "dir/f.txt", content: "v2" },
        ws.ctx,
      );
      expect(out.isError).toBe(true);
      expect(out.textContent()).toBe(
        `Permission denied: dir/f.txt now resolves to ${outside.root}, outside the workspace; nothing was written\nA directory on the path was changed to a link that leaves the workspace; do not retry this path.`,
      );
      expect(await readdir(outside.root)).toEqual([]);
      expect(await readFile(at("dir-moved/f.txt"), "utf8")).toBe("v1");
    });
  });
});

/** tsx, to run this package's TypeScript in a child process; undefined when not installed. */
function tsxLoader(): string | undefined {
  try {
    return createRequire(join(import.meta.dirname, "../../../../bench/package.json")).resolve("tsx/esm");
  } catch {
    return undefined;
  }
}

function waitForLine(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    child.stdout?.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`child exited early (${code})`)));
  });
}

describe("writeFileAtomic under a crash", () => {
  const loader = tsxLoader();
  describe("when the writing process is killed at a random moment", () => {
    it.skipIf(!loader)("leaves the target whole (old or new), never a temp file in its place", async () => {
      const size = 4 << 20;
      const target = at("crash.bin");
      await writeFile(target, Buffer.alloc(size, 0x61));
      const script = at("writer.mjs");
      const source = join(import.meta.dirname, "../../../core/src/file-source/atomic-write.ts");
      await writeFile(
        script,
        `import { writeFileAtomic } from ${JSON.stringify(source)};
const a = Buffer.alloc(${size}, 0x61), b = Buffer.alloc(${size}, 0x62);
process.stdout.write("ready\\n");
for (let i = 1; ; i++) await writeFileAtomic({ path: ${JSON.stringify(target)}, data: i % 2 ? b : a, realRoot: ${JSON.stringify(ws.root)}, fsync: false });
`,
      );
      for (const delayMs of [15, 40, 90]) {
        const child = spawn(
          process.execPath,
          ["--conditions=@toolkit/source", "--import", loader ?? "", script],
          {
            stdio: ["ignore", "pipe", "inherit"],
          },
        );
        await waitForLine(child);
        await new Promise((r) => setTimeout(r, delayMs));
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGKILL");
        await exited;
        const bytes = await readFile(target);
        expect(bytes.length).toBe(size);
        const first = bytes[0];
        expect(first === 0x61 || first === 0x62).toBe(true);
        expect(bytes.every((b) => b === first)).toBe(true);
        const others = (await readdir(ws.root)).filter((n) => n !== "crash.bin" && n !== "writer.mjs");
        for (const name of others) expect(name).toMatch(TEMP);
      }
    });
  });
});
