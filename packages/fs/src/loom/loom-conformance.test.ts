// The Loom tool-system document, checked tool by tool: name, description,
// input schema (deep equality with the document's JSON), the reply's shape,
// and every error text the document shows. `bash` and `web_search` have the
// same test in their packages (packages/shell/src/loom/loom-conformance.test.ts,
// packages/web-search/src/loom/loom-conformance.test.ts). Where this project
// differs on purpose, the README's "Differences from Loom" table says why.
import { registryWith, runOne, type TempWorkspace, tempWorkspace } from "@toolkit/test-kit";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { toolErrorOf } from "@toolkit/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLoomTools } from "./create-loom-tools.js";

/** The document's read_file input schema, as printed there. */
const READ_FILE_SCHEMA = {
  type: "object",
  properties: {
    path: {
      type: "string",
      description: "Path to the file to read (absolute or relative to workspace)",
    },
    max_bytes: {
      type: "integer",
      description: "Maximum number of bytes to read (default: 1MB)",
    },
  },
  required: ["path"],
};

/** The document's edit_file fields (`path · string · required`, ..., "Each edit: ..."), as a schema. */
const EDIT_FILE_SCHEMA = {
  type: "object",
  properties: {
    path: { type: "string", description: "Path to file (created if doesn’t exist)" },
    edits: {
      type: "array",
      description: "List of edit operations",
      items: {
        type: "object",
        properties: {
          old_str: { type: "string", description: "Text to find (empty string for new files)" },
          new_str: { type: "string", description: "Replacement text" },
          replace_all: { type: "boolean", description: "Replace all occurrences (default: false)" },
        },
        required: ["old_str", "new_str"],
      },
    },
  },
  required: ["path", "edits"],
};

/** The document's list_files fields, as a schema (none required). */
const LIST_FILES_SCHEMA = {
  type: "object",
  properties: {
    path: { type: "string", description: "Directory path (default: workspace root)" },
    recursive: { type: "boolean", description: "List files recursively (default: false)" },
    max_depth: { type: "integer", description: "Maximum recursion depth (default: 10)" },
  },
};

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

const [readFile, editFile, listFiles] = createLoomTools();

describe("the Loom file tools", () => {
  describe("when their definitions are listed", () => {
    it.each([
      ["read_file", readFile, "read_file", "Read file contents from the workspace.", READ_FILE_SCHEMA],
      ["edit_file", editFile, "edit_file", "Apply snippet-based edits to files.", EDIT_FILE_SCHEMA],
      [
        "list_files",
        listFiles,
        "list_files",
        "List files in a directory (glob-like functionality).",
        LIST_FILES_SCHEMA,
      ],
    ] as const)(
      "%s has the document's name, description and schema",
      (_, tool, name, description, schema) => {
        expect(tool.schema()).toStrictEqual({ tool: name, description, input_schema: schema });
      },
    );
  });

  describe("when they answer", () => {
    it("read_file replies exactly {path, contents, truncated}", async () => {
      await writeFile(join(ws.root, "main.rs"), "fn main() {...}");
      const out = await readFile.call({ path: "main.rs" }, ws.ctx);
      expect(out.isError).toBe(false);
      expect(out.textContent()).toBe(
        JSON.stringify({ path: join(ws.root, "main.rs"), contents: "fn main() {...}", truncated: false }),
      );
    });

    it("edit_file replies exactly {path, edits_applied, original_bytes, new_bytes}", async () => {
      await mkdir(join(ws.root, "src"));
      const before = "fn login() {\n    todo!()\n}\n// TODO: add error handling\n";
      const after = "fn login() {\n    authenticate_user()\n}\n// Error handling implemented\n";
      await writeFile(join(ws.root, "src/auth.rs"), before);
      // The document's example call.
      const out = await editFile.call(
        {
          path: "src/auth.rs",
          edits: [
            { old_str: "fn login() {\n    todo!()\n}", new_str: "fn login() {\n    authenticate_user()\n}" },
            {
              old_str: "// TODO: add error handling",
              new_str: "// Error handling implemented",
              replace_all: true,
            },
          ],
        },
        ws.ctx,
      );
      expect(out.textContent()).toBe(
        JSON.stringify({
          path: join(ws.root, "src/auth.rs"),
          edits_applied: 2,
          original_bytes: before.length,
          new_bytes: after.length,
        }),
      );
    });

    it("list_files replies exactly {files: [{path, size, is_dir}]}", async () => {
      await mkdir(join(ws.root, "src"));
      await writeFile(join(ws.root, "src/main.rs"), "x".repeat(1024));
      await writeFile(join(ws.root, "Cargo.toml"), "x".repeat(512));
      const out = await listFiles.call({ recursive: true }, ws.ctx);
      expect(out.textContent()).toBe(
        JSON.stringify({
          files: [
            { path: "Cargo.toml", size: 512, is_dir: false },
            { path: "src", size: 0, is_dir: true },
            { path: "src/main.rs", size: 1024, is_dir: false },
          ],
        }),
      );
    });
  });

  describe("when they fail", () => {
    it("answers a missing file as `Error: File not found: <absolute path>`", async () => {
      for (const tool of [readFile, listFiles]) {
        const out = await tool.call({ path: "missing.txt" }, ws.ctx);
        expect([out.isError, out.textContent()]).toEqual([
          true,
          `Error: File not found: ${ws.root}/missing.txt`,
        ]);
        expect(toolErrorOf(out)).toMatchObject({ loomKind: "FileNotFound" });
      }
    });

    it("answers `old_str not found: <old_str>` and `old_str found N times, use replace_all` as InvalidArguments", async () => {
      await writeFile(join(ws.root, "lib.rs"), "a a a");
      const missing = await editFile.call(
        { path: "lib.rs", edits: [{ old_str: "b", new_str: "c" }] },
        ws.ctx,
      );
      const many = await editFile.call({ path: "lib.rs", edits: [{ old_str: "a", new_str: "c" }] }, ws.ctx);
      expect([missing.textContent(), many.textContent()]).toEqual([
        "Error: old_str not found: b",
        "Error: old_str found 3 times, use replace_all",
      ]);
      for (const out of [missing, many])
        expect(toolErrorOf(out)).toMatchObject({ loomKind: "InvalidArguments" });
    });

    it("answers the document's traversal, absolute path and symlink escape as PathOutsideWorkspace", async () => {
      const other = await tempWorkspace("toolkit-fs-outside-");
      await writeFile(join(other.root, "secret"), "s");
      await symlinkInto(ws.root, other.root);
      const cases = [
        [readFile.call({ path: "../../../etc/passwd" }, ws.ctx), "/etc/passwd"],
        [readFile.call({ path: "/etc/shadow" }, ws.ctx), "/etc/shadow"],
        [readFile.call({ path: "escape/secret" }, ws.ctx), join(other.root, "secret")],
        [
          editFile.call({ path: "escape/new", edits: [{ old_str: "", new_str: "x" }] }, ws.ctx),
          join(other.root, "new"),
        ],
        [listFiles.call({ path: "escape" }, ws.ctx), other.root],
      ] as const;
      for (const [call, shown] of cases) {
        const out = await call;
        expect(out.textContent()).toBe(`Error: Path outside workspace: ${shown}`);
        expect(toolErrorOf(out)).toMatchObject({ loomKind: "PathOutsideWorkspace" });
      }
      await other.cleanup();
    });
  });
});

describe("the Loom file tools in a registry", () => {
  describe("when dispatch runs them", () => {
    it("answers the same texts as a direct call, and refuses unknown fields there too", async () => {
      const registry = registryWith(readFile, editFile, listFiles);
      const run = async (name: string, input: unknown) =>
        (await runOne(registry, [], { name, input }, { ctx: ws.ctx })).output.textContent();
      expect(await run("read_file", { path: "missing.txt" })).toBe(
        `Error: File not found: ${ws.root}/missing.txt`,
      );
      expect(await run("edit_file", { path: "x.txt", edits: [{ old_str: "a", new_str: "b" }] })).toBe(
        "Error: old_str not found: a",
      );
      expect(await run("list_files", { path: "..", depth: 2 })).toMatch(/^Error: unknown field `depth`/);
    });
  });
});

async function symlinkInto(root: string, target: string): Promise<void> {
  const { symlink } = await import("node:fs/promises");
  await symlink(target, join(root, "escape"));
}
