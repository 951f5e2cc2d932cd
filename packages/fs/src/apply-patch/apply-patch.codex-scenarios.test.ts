// Codex's own apply_patch scenarios (openai/codex, codex-rs/apply-patch/tests/fixtures/scenarios/,
// Apache-2.0), kept as data outside the project in ../shared/fixtures/codex-apply-patch/ beside the
// repository (its SOURCE.md and LICENSE say where they come from). Each scenario is a folder with
// input/ (the files before), patch.txt and expected/ (the files after, applied or refused).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { type TempWorkspace, tempWorkspace, view } from "@toolkit/test-kit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Read } from "../read/read.js";
import { ApplyPatch } from "./apply-patch.js";

const SCENARIOS = join("fixtures", "codex-apply-patch", "scenarios");

/** The shared fixtures beside the repository, or beside the main checkout when this is a git worktree. */
function findScenarios(): string | undefined {
  const root = join(import.meta.dirname, "..", "..", "..", "..");
  const candidates = [join(root, "..", "shared", SCENARIOS)];
  try {
    const common = execFileSync("git", ["rev-parse", "--path-format=absolute", "--git-common-dir"], {
      cwd: root,
      encoding: "utf8",
    }).trim();
    candidates.push(join(dirname(common), "..", "shared", SCENARIOS));
  } catch {
    // not a git checkout: only the first place counts
  }
  return candidates.find((dir) => existsSync(dir));
}

/** Every file under `dir`, by its path relative to `dir`, as hex (so CR bytes show). */
async function tree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  if (!existsSync(dir)) return out;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out[relative(dir, path)] = (await readFile(path)).toString("hex");
  }
  return out;
}

/**
 * Where Toolkit differs from Codex on purpose (the README's "Differences from Codex" table): the
 * scenario's files are left as they were, and the reply says why.
 */
const DIFFERENCES = new Map<string, string>([
  [
    "010_move_overwrites_existing_destination",
    "Execution error: renamed/dir/name.txt already exists, so old/name.txt cannot be moved there; nothing was written",
  ],
  [
    "011_add_overwrites_existing_file",
    "Execution error: duplicate.txt already exists, so it cannot be added; nothing was written",
  ],
  ["015_failure_after_partial_success_leaves_changes", "File not found: missing.txt"],
]);

const root = findScenarios();
const names = root
  ? (await readdir(root, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name)
  : [];

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

describe("ApplyPatch", () => {
  if (!root) {
    if (process.env.CI === "true") {
      it("finds Codex's scenarios", () => {
        throw new Error(`Codex's apply_patch scenarios are missing: expected ../shared/${SCENARIOS}`);
      });
    } else {
      console.log(`skipping Codex's apply_patch scenarios: ../shared/${SCENARIOS} is not there`);
    }
    return;
  }

  describe("when Codex's own apply_patch scenarios are applied", () => {
    it("finds all 25 of them", () => {
      expect(names).toHaveLength(25);
    });

    it.each(names)("%s", async (name) => {
      const dir = join(root, name);
      const input = await tree(join(dir, "input"));
      for (const [path, hex] of Object.entries(input)) {
        await mkdir(dirname(join(ws.root, path)), { recursive: true });
        await writeFile(join(ws.root, path), Buffer.from(hex, "hex"));
        expect((await new Read().call({ file_path: path }, ws.ctx)).isError).toBe(false);
      }
      const patch = await readFile(join(dir, "patch.txt"), "utf8");
      const out = view(await new ApplyPatch().call({ patch }, ws.ctx));
      const difference = DIFFERENCES.get(name);
      if (difference === undefined) {
        expect(await tree(ws.root)).toEqual(await tree(join(dir, "expected")));
      } else {
        expect(out.isError).toBe(true);
        expect(out.text.split("\n")[0]).toContain(difference);
        expect(await tree(ws.root)).toEqual(input);
        expect(await tree(ws.root)).not.toEqual(await tree(join(dir, "expected")));
      }
    });
  });
});
