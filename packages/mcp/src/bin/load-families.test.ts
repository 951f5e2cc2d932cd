import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Workspace } from "@toolkit/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Importer, loadFamilyTools, MissingFamilyError } from "./load-families.js";

describe("loadFamilyTools", () => {
  const workspace = new Workspace({ root: tmpdir() });

  describe("when the family packages are installed", () => {
    it("returns each family's tools in flag order", async () => {
      const tools = await loadFamilyTools({ families: ["fs", "search", "shell"], workspace });
      expect(tools.map((t) => t.name)).toEqual([
        "Read",
        "Write",
        "Edit",
        "MultiEdit",
        "FileViewer",
        "ApplyPatch",
        "Glob",
        "Grep",
        "CodeSearch",
        "Tree",
        "Shell",
        "Jobs",
      ]);
    });
  });

  describe("when a family package is absent", () => {
    let dir: string;
    let outside: Importer;
    beforeAll(async () => {
      // A module outside the workspace resolves packages the way a lone install would.
      dir = await mkdtemp(join(tmpdir(), "toolkit-mcp-"));
      await writeFile(join(dir, "load.mjs"), "export const load = (specifier) => import(specifier);\n");
      ({ load: outside } = await import(pathToFileURL(join(dir, "load.mjs")).href));
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it.each([
      ["fs", "@toolkit/fs"],
      ["shell", "@toolkit/shell"],
    ] as const)("names the package to install for --%s", async (flag, pkg) => {
      const error = await loadFamilyTools({ families: [flag], workspace, importer: outside }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(MissingFamilyError);
      expect((error as Error).message).toBe(
        `--${flag} needs ${pkg}, which is not installed: run \`npm install ${pkg}\``,
      );
    });
  });

  describe("when a package does not have the factory", () => {
    it("throws a TypeError naming the package and the factory", async () => {
      const importer: Importer = async () => ({});
      await expect(loadFamilyTools({ families: ["search"], workspace, importer })).rejects.toThrow(
        "@toolkit/search does not export createSearchTools()",
      );
    });
  });
});
