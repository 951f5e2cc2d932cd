import { createToolContext } from "@toolkit/core";
import { createFsTools } from "@toolkit/fs";
import { registryWith, runOne } from "@toolkit/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLsp } from "../create-lsp.js";
import type { Lsp } from "../session/lsp.js";
import { type TempProject, THREE_FILES, tempProject } from "../testing/test-projects.js";
import { withDiagnostics } from "./with-diagnostics.js";

let project: TempProject;
let lsp: Lsp;

beforeAll(async () => {
  project = await tempProject(THREE_FILES);
  lsp = createLsp({ root: project.root });
});

afterAll(async () => {
  await lsp?.dispose();
  await project?.remove();
});

function session() {
  const ctx = createToolContext({ cwd: project.root, isNonInteractive: true });
  const registry = registryWith(...createFsTools());
  const middleware = [withDiagnostics(lsp)];
  const run = (name: string, input: unknown) => runOne(registry, middleware, { name, input }, { ctx });
  return { run };
}

describe("withDiagnostics", () => {
  describe("when an Edit introduces a type error", () => {
    it("appends exactly that error, and nothing once the next edit fixes it", async () => {
      const { run } = session();
      await run("Read", { file_path: "src/a.ts" });
      const broken = await run("Edit", {
        file_path: "src/a.ts",
        old_string: "return a + b;",
        new_string: 'return "sum";',
      });
      expect(broken.output.textContent()).toContain("src/a.ts");
      expect(broken.output.isError).toBe(false);
      const text = broken.output.textContent();
      expect(text.slice(text.indexOf("\n\nThis edit"))).toBe(
        "\n\nThis edit introduced 1 error:\nsrc/a.ts:2:3 error TS2322 Type 'string' is not assignable to type 'number'.",
      );

      const fixed = await run("Edit", {
        file_path: "src/a.ts",
        old_string: 'return "sum";',
        new_string: "return a + b;",
      });
      expect(fixed.output.isError).toBe(false);
      expect(fixed.output.textContent()).not.toContain("error");
    });
  });

  describe("when an edit breaks the files that import it", () => {
    it("lists the errors in the importers", async () => {
      const { run } = session();
      await run("Read", { file_path: "src/a.ts" });
      const out = await run("Edit", {
        file_path: "src/a.ts",
        old_string: "add(a: number, b: number)",
        new_string: "add(a: number, b: string)",
      });
      const text = out.output.textContent();
      expect(text.slice(text.indexOf("\n\nThis edit"))).toBe(
        [
          "",
          "",
          "This edit introduced 3 errors:",
          "src/a.ts:2:3 error TS2322 Type 'string' is not assignable to type 'number'.",
          "src/b.ts:3:29 error TS2345 Argument of type 'number' is not assignable to parameter of type 'string'.",
          "src/c.ts:4:31 error TS2345 Argument of type 'number' is not assignable to parameter of type 'string'.",
        ].join("\n"),
      );
      await run("Edit", { file_path: "src/a.ts", old_string: "b: string", new_string: "b: number" });
    });
  });
});
