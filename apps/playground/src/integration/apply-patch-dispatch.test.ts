import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createToolContext, DisplayHint } from "@toolkit/core";
import { createFsTools } from "@toolkit/fs";
import { dispatch, ToolRegistry } from "@toolkit/registry";
import { afterAll, describe, expect, it } from "vitest";

const root = realpathSync(mkdtempSync(join(tmpdir(), "toolkit-apply-patch-")));
writeFileSync(join(root, "a.txt"), "one\ntwo\nthree\n");
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("ApplyPatch through dispatch", () => {
  const registry = new ToolRegistry();
  for (const tool of createFsTools()) registry.register(tool);
  const ctx = createToolContext({ cwd: root });
  const call = async (id: string, name: string, input: unknown) =>
    (await dispatch(registry, [{ id, name, input }], { ctx }))[0]?.output;

  describe("when the model reads a file, then patches it", () => {
    it("applies a Codex patch sent in Codex's own `input` field, and a unified diff", async () => {
      expect((await call("1", "Read", { file_path: "a.txt" }))?.isError).toBe(false);
      const codex = await call("2", "ApplyPatch", {
        input:
          "*** Begin Patch\n*** Update File: a.txt\n one\n-two\n+2\n*** Add File: b.txt\n+bee\n*** End Patch",
      });
      expect(codex?.isError).toBe(false);
      expect(codex?.hint).toBe(DisplayHint.Diff);
      expect(codex?.textContent()).toMatch(/^M a\.txt\nA b\.txt\n\n/);
      const unified = await call("3", "ApplyPatch", {
        patch: "--- a/a.txt\n+++ b/a.txt\n@@ -2,2 +2,2 @@\n 2\n-three\n+3\n",
      });
      expect(unified?.textContent()).toMatch(/^M a\.txt\n/);
      expect(readFileSync(join(root, "a.txt"), "utf8")).toBe("one\n2\n3\n");
      expect(readFileSync(join(root, "b.txt"), "utf8")).toBe("bee\n");
    });
  });

  describe("when the patch cannot be applied", () => {
    it("comes back as a soft failure, and an input without `patch` is refused by validation", async () => {
      const missing = await call("4", "ApplyPatch", {
        patch: "*** Begin Patch\n*** Update File: a.txt\n-nowhere\n+x\n*** End Patch",
      });
      expect(missing?.isError).toBe(true);
      expect(missing?.textContent()).toContain("`hunk 1 (patch line 3)` was not found in a.txt");
      const invalid = await call("5", "ApplyPatch", { patches: "x" });
      expect(invalid?.isError).toBe(true);
      expect(invalid?.textContent()).toMatch(/patch/);
      expect(readFileSync(join(root, "a.txt"), "utf8")).toBe("one\n2\n3\n");
    });
  });
});
