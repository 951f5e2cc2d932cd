import { tmpdir } from "node:os";
import { Workspace } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { type Importer, loadFamilyTools, MissingFamilyError } from "./load-families.js";

// The loader itself is tested in @toolkit/registry (src/family-loader); these tests cover the bin's binding.
describe("loadFamilyTools", () => {
  const workspace = new Workspace({ root: tmpdir() });

  describe("when the family packages are installed", () => {
    it("resolves them from this package and returns each family's tools in flag order", async () => {
      const tools = await loadFamilyTools({ families: ["fs", "search", "shell"], workspace });
      expect(tools.map((t) => t.name)).toEqual([
        "Read",
        "Write",
        "Edit",
        "MultiEdit",
        "FileViewer",
        "ApplyPatch",
        "NotebookEdit",
        "Glob",
        "Grep",
        "CodeSearch",
        "Tree",
        "Shell",
        "Jobs",
        "JobInput",
      ]);
    });
  });

  describe("when a family package is absent", () => {
    it("throws the MissingFamilyError the bin prints", async () => {
      const importer: Importer = async (specifier) => {
        throw Object.assign(new Error(`Cannot find package '${specifier}' imported from /x`), {
          code: "ERR_MODULE_NOT_FOUND",
        });
      };
      const error = await loadFamilyTools({ families: ["web-fetch"], workspace, importer }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(MissingFamilyError);
      expect((error as Error).message).toBe(
        "--web-fetch needs @toolkit/web-fetch, which is not installed: run `npm install @toolkit/web-fetch`",
      );
    });
  });

  describe("when a package does not have the factory", () => {
    it("throws a TypeError naming the package, the factory and @toolkit/mcp", async () => {
      const importer: Importer = async () => ({});
      await expect(loadFamilyTools({ families: ["search"], workspace, importer })).rejects.toThrow(
        "@toolkit/search does not export createSearchTools(); install a version of @toolkit/search that matches @toolkit/mcp",
      );
    });
  });
});
