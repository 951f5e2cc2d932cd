import { cp, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sampleWorkspace } from "./package-root.js";
import { prepareWorkspace } from "./prepare-workspace.js";

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe("prepareWorkspace", () => {
  describe("when no workspace is given", () => {
    it("copies the sample to a throwaway directory and leaves the original alone", async () => {
      const prepared = await prepareWorkspace({ workspace: undefined });
      dirs.push(prepared.runDir);
      expect(prepared.isSampleCopy).toBe(true);
      expect(prepared.root).toBe(join(prepared.runDir, "workspace"));
      expect((await readdir(prepared.root)).sort()).toEqual((await readdir(sampleWorkspace())).sort());
      expect(await readFile(join(prepared.root, "src/discount.js"), "utf8")).toBe(
        await readFile(join(sampleWorkspace(), "src/discount.js"), "utf8"),
      );
    });
  });

  describe("when a workspace is given", () => {
    it("uses it in place", async () => {
      const mine = await mkdtemp(join(tmpdir(), "playground-mine-"));
      dirs.push(mine);
      await cp(sampleWorkspace(), mine, { recursive: true });
      const prepared = await prepareWorkspace({ workspace: mine });
      dirs.push(prepared.runDir);
      expect(prepared).toMatchObject({ root: mine, isSampleCopy: false });
    });

    it("refuses a path that is not a directory", async () => {
      const file = join(sampleWorkspace(), "package.json");
      await expect(prepareWorkspace({ workspace: file })).rejects.toThrow(
        new TypeError(`--workspace: ${file} is not a directory`),
      );
    });
  });
});
