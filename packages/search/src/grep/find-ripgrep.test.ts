import { chmod, mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { contextFor } from "../testing/context.js";
import { type TempTree, tempTree } from "../testing/temp-tree.js";
import { bundledRipgrep, findRipgrep } from "./find-ripgrep.js";
import { Grep } from "./grep-tool.js";

let tree: TempTree | undefined;
afterEach(async () => {
  await tree?.cleanup();
  tree = undefined;
});

describe("findRipgrep", () => {
  describe("when the bundled binary is available", () => {
    it("uses it", async () => {
      const bundled = await bundledRipgrep();
      expect(bundled).toMatch(/@vscode\/ripgrep-[a-z0-9]+-[a-z0-9]+\/bin\/rg$/);
      expect(await findRipgrep({ workspaceRoot: "/nonexistent" })).toBe(bundled);
    });
  });

  describe("when only a rg on PATH exists", () => {
    it("uses one in a trusted directory and never one inside the workspace", async () => {
      tree = await tempTree();
      const trusted = join(tree.root, "trusted");
      const workspace = join(tree.root, "ws");
      await mkdir(trusted);
      await mkdir(join(workspace, "bin"), { recursive: true });
      await symlink((await bundledRipgrep()) as string, join(trusted, "rg"));
      await writeFile(join(workspace, "bin", "rg"), "#!/bin/sh\necho pwned\n");
      await chmod(join(workspace, "bin", "rg"), 0o755);
      const pathEnv = `${join(workspace, "bin")}:${trusted}`;
      const found = await findRipgrep({
        workspaceRoot: workspace,
        bundled: false,
        trustedDirs: [trusted],
        pathEnv,
      });
      expect(found).toBe(await bundledRipgrep());
      const inside = await findRipgrep({
        workspaceRoot: workspace,
        bundled: false,
        trustedDirs: [trusted, join(workspace, "bin")],
        pathEnv: join(workspace, "bin"),
      });
      expect(inside).toBeUndefined();
      expect(
        await findRipgrep({ workspaceRoot: workspace, bundled: false, trustedDirs: [], pathEnv }),
      ).toBeUndefined();
    });
  });
});

describe("Grep", () => {
  describe("when no ripgrep binary exists", () => {
    it("falls back to the JS engine under engine auto", async () => {
      tree = await tempTree();
      await tree.write("a.ts", "needle\n");
      const grep = new Grep({ bundledRipgrep: false, trustedDirs: [] });
      expect((await grep.engineFor(tree.root)).name).toBe("js");
      expect((await grep.call({ pattern: "needle" }, contextFor(tree.root))).textContent()).toBe("a.ts");
    });

    it("says so under engine ripgrep", async () => {
      tree = await tempTree();
      const grep = new Grep({ engine: "ripgrep", bundledRipgrep: false, trustedDirs: [] });
      const out = await grep.call({ pattern: "needle" }, contextFor(tree.root));
      expect(out.isError).toBe(true);
      expect(out.textContent()).toBe(
        'Execution error: no ripgrep binary is available on this platform\nConfigure the tool with engine "auto" or "js" to use the pure-JS engine.',
      );
    });

    it("prefers the bundled binary under engine auto", async () => {
      tree = await tempTree();
      expect((await new Grep().engineFor(tree.root)).name).toBe("ripgrep");
    });
  });
});
