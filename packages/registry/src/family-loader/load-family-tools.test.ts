import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { FnTool, type Tool, Workspace } from "@toolkit/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chosenFamilies,
  familyFlagOptions,
  familyUsage,
  type Importer,
  loadFamilyTools,
  MissingFamilyError,
  TOOL_FAMILIES,
} from "./index.js";

const workspace = new Workspace({ root: tmpdir() });
const OBJECT = { type: "object" as const };

/** An importer whose packages are plain objects: each family's factory makes one tool per name given. */
function fakeFamilies(names: Record<string, string[]>): { importer: Importer; seen: unknown[] } {
  const seen: unknown[] = [];
  const importer: Importer = async (specifier) => {
    const family = Object.entries(TOOL_FAMILIES).find(([, f]) => f.pkg === specifier);
    if (!family) throw new Error(`unexpected import of ${specifier}`);
    const [flag, { factory }] = family;
    return {
      [factory]: (options: unknown) => {
        seen.push(options);
        return (names[flag] ?? []).map((n): Tool => new FnTool(n, `${n}.`, OBJECT, async () => "ok"));
      },
    };
  };
  return { importer, seen };
}

describe("loadFamilyTools", () => {
  describe("when the packages load", () => {
    it("returns each family's tools in flag order and hands every factory the workspace", async () => {
      const { importer, seen } = fakeFamilies({ fs: ["Read", "Write"], shell: ["Shell"], search: ["Grep"] });
      const tools = await loadFamilyTools({
        families: ["shell", "fs", "search"],
        workspace,
        importer,
        bin: "@toolkit/x",
      });
      expect(tools.map((t) => t.name)).toEqual(["Shell", "Read", "Write", "Grep"]);
      expect(seen).toEqual([{ workspace }, { workspace }, { workspace }]);
    });
  });

  describe("when a package is not installed", () => {
    let dir: string;
    let outside: Importer;
    beforeAll(async () => {
      // A module outside the workspace resolves packages the way a lone install would.
      dir = await mkdtemp(join(tmpdir(), "toolkit-families-"));
      await writeFile(join(dir, "load.mjs"), "export const load = (specifier) => import(specifier);\n");
      ({ load: outside } = await import(pathToFileURL(join(dir, "load.mjs")).href));
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it.each(["fs", "search", "shell", "web-fetch"] as const)(
      "throws a MissingFamilyError naming the package for --%s",
      async (flag) => {
        const { pkg } = TOOL_FAMILIES[flag];
        const error = await loadFamilyTools({
          families: [flag],
          workspace,
          importer: outside,
          bin: "b",
        }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(MissingFamilyError);
        expect((error as Error).message).toBe(
          `--${flag} needs ${pkg}, which is not installed: run \`npm install ${pkg}\``,
        );
      },
    );

    it("lets a missing module other than the package itself through as it is", async () => {
      // The package is there, but something it imports is not: "not installed" would mislead.
      const inner = Object.assign(new Error("Cannot find package 'better-sqlite3' imported from x"), {
        code: "ERR_MODULE_NOT_FOUND",
      });
      const importer: Importer = async () => {
        throw inner;
      };
      await expect(
        loadFamilyTools({ families: ["fs"], workspace, importer, bin: "@toolkit/x" }),
      ).rejects.toBe(inner);
    });
  });

  describe("when a package is not what the bin expects", () => {
    it("throws a TypeError naming the package, the factory and the bin to match", async () => {
      const importer: Importer = async () => ({});
      await expect(
        loadFamilyTools({ families: ["search"], workspace, importer, bin: "@toolkit/queue" }),
      ).rejects.toThrow(
        new TypeError(
          "@toolkit/search does not export createSearchTools(); install a version of @toolkit/search that matches @toolkit/queue",
        ),
      );
    });

    it("throws a TypeError when the factory does not return an array", async () => {
      const importer: Importer = async () => ({ createShellTools: () => "tools" });
      await expect(loadFamilyTools({ families: ["shell"], workspace, importer, bin: "b" })).rejects.toThrow(
        "@toolkit/shell: createShellTools() did not return an array of tools",
      );
    });
  });
});

describe("the family flags", () => {
  const families = ["fs", "shell", "web-fetch"] as const;

  it("parse as booleans and come back in the given order, whatever the command-line order", () => {
    const { values } = parseArgs({
      args: ["--web-fetch", "--fs"],
      strict: true,
      options: { ...familyFlagOptions(families), other: { type: "boolean" } },
    });
    expect(chosenFamilies(families, values)).toEqual(["fs", "web-fetch"]);
  });

  it("refuses a value after a family flag", () => {
    expect(() =>
      parseArgs({ args: ["--fs=yes"], strict: true, options: familyFlagOptions(families) }),
    ).toThrow(/--fs/);
  });

  it("have one usage line each: the flag, the tools and the package, in columns", () => {
    expect(familyUsage(families, { flagWidth: 12, toolsWidth: 43 }).split("\n")).toEqual([
      "  --fs        Read, Write, Edit, MultiEdit, FileViewer,",
      "              ApplyPatch                                 (needs @toolkit/fs)",
      "  --shell     Shell, Jobs, JobInput                      (needs @toolkit/shell)",
      "  --web-fetch WebFetch                                   (needs @toolkit/web-fetch)",
    ]);
  });
});
