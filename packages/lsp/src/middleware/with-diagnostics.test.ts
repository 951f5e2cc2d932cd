import { createFsTools } from "@toolkit/fs";
import { createLoomTools } from "@toolkit/fs/loom";
import { describe, expect, it } from "vitest";
import { THREE_FILES, useLspProject } from "../testing/test-projects.js";
import { withDiagnostics } from "./with-diagnostics.js";

const fixture = useLspProject(THREE_FILES);

function session() {
  const call = fixture.session(createFsTools(), (lsp) => [withDiagnostics(lsp)]);
  const run = async (name: string, input: unknown) => ({ output: await call(name, input) });
  return { run };
}

// Real servers start cold on a loaded machine: more time than the shared 30 s.
describe("withDiagnostics", { timeout: 90_000 }, () => {
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

  describe("when ApplyPatch changes two files", () => {
    it("reports the errors of both", async () => {
      const { run } = session();
      await run("Read", { file_path: "src/b.ts" });
      await run("Read", { file_path: "src/c.ts" });
      const patch = [
        "*** Begin Patch",
        "*** Update File: src/b.ts",
        "@@",
        "-export const three = add(1, 2);",
        "+export const three: string = add(1, 2);",
        "*** Update File: src/c.ts",
        "@@",
        "-export const six = add(three, three);",
        "+export const six = add(three);",
        "*** End Patch",
      ].join("\n");
      const out = await run("ApplyPatch", { patch });
      const text = out.output.textContent();
      expect(text.slice(text.indexOf("\n\nThis edit"))).toBe(
        [
          "",
          "",
          "This edit introduced 2 errors:",
          "src/b.ts:3:14 error TS2322 Type 'number' is not assignable to type 'string'.",
          "src/c.ts:4:20 error TS2554 Expected 2 arguments, but got 1.",
        ].join("\n"),
      );
    });
  });

  describe("when Loom's edit_file breaks a type", () => {
    it("adds the lines as a diagnostics array to its JSON reply", async () => {
      const call = fixture.session(createLoomTools(), (lsp) => [withDiagnostics(lsp)]);
      const out = await call("edit_file", {
        path: "src/a.ts",
        edits: [{ old_str: "return a + b;", new_str: "return String(a);" }],
      });
      expect(out.structuredValue()).toMatchObject({
        edits_applied: 1,
        diagnostics: ["src/a.ts:2:3 error TS2322 Type 'string' is not assignable to type 'number'."],
      });
    });
  });

  describe("when the server does not answer within waitMs", () => {
    it("says the diagnostics are pending", async () => {
      const call = fixture.session(createFsTools(), (lsp) => [withDiagnostics(lsp, { waitMs: 1 })]);
      await call("Read", { file_path: "src/b.ts" });
      const out = await call("Edit", {
        file_path: "src/b.ts",
        old_string: "add(1, 2)",
        new_string: "add(2, 1)",
      });
      expect(out.textContent()).toMatch(
        /\n\nDiagnostics pending: the language server did not answer within 1 ms\.$/,
      );
    });
  });

  describe("when an option is wrong", () => {
    it.each([
      [{ waitMs: 0 }, "withDiagnostics: `waitMs` must be a positive integer; got 0"],
      [{ maxLines: 1.5 }, "withDiagnostics: `maxLines` must be a positive integer; got 1.5"],
    ])("%j throws a TypeError naming it", (options, message) => {
      expect(() => withDiagnostics(fixture.lsp(), options)).toThrow(new TypeError(message));
    });
  });
});
