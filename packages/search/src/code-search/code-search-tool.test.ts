import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contextFor } from "../testing/context.js";
import { type TempTree, tempTree } from "../testing/temp-tree.js";
import { CodeSearch } from "./code-search-tool.js";

let tree: TempTree;
beforeAll(async () => {
  tree = await tempTree();
  await tree.write(
    "src/config.ts",
    [
      "import { load } from './load';",
      "",
      "export function parseConfig(text: string) {",
      "  return load(text);",
      "}",
      "",
      "const value = parseConfig('x');",
      "export class Loader {",
      "  async parseConfig(raw: string): Promise<void> {",
      "  }",
      "}",
      "export const parseConfig2 = 1;",
      "",
    ].join("\n"),
  );
  await tree.write(
    "py/app.py",
    "def parse_config(path):\n    return parse_config(path)\n\nclass Settings:\n    pass\n",
  );
  await tree.write(
    "go/main.go",
    "package main\n\nfunc ParseConfig() error {\n\treturn nil\n}\n\nfunc (s *Server) Start() {}\n\ntype Settings struct{}\n",
  );
  await tree.write(
    "rs/lib.rs",
    "pub fn parse_config() {}\nstruct Settings;\npub(crate) enum Mode { A }\nfn main() { parse_config(); }\n",
  );
  await tree.write(
    "java/App.java",
    "public class Settings {\n  public static Settings load(String p) {\n    return load(p);\n  }\n}\n",
  );
  await tree.write(
    "c/main.c",
    "#define MAX_LEN 10\nstatic int load(char *p) {\n  return load(p);\n}\ntypedef struct Settings Settings;\n",
  );
  await tree.write("rb/app.rb", "class Settings\n  def load(path)\n    load(path)\n  end\nend\n");
});
afterAll(() => tree.cleanup());

const call = async (input: Record<string, unknown>, tool = new CodeSearch()) => {
  const out = await tool.call(input, contextFor(tree.root));
  return { text: out.textContent(), isError: out.isError };
};

describe("CodeSearch", () => {
  describe("when searching a literal", () => {
    it("groups matches by file with context", async () => {
      expect((await call({ query: "parseConfig(", path: "src", context_lines: 1 })).text).toBe(
        [
          'Found 3 matches for "parseConfig(":',
          "",
          "src/config.ts",
          "  2- ",
          "  3: export function parseConfig(text: string) {",
          "  4-   return load(text);",
          "  6- ",
          "  7: const value = parseConfig('x');",
          "  8- export class Loader {",
          "  9:   async parseConfig(raw: string): Promise<void> {",
          "  10-   }",
        ].join("\n"),
      );
    });

    it("caps the matches shown with a note", async () => {
      const { text } = await call({ query: "load", max_results: 2, context_lines: 0 });
      expect(text.split("\n")[0]).toMatch(/^Found \d+ matches for "load":$/);
      expect(text).toMatch(
        /\(Showing the first 2 of \d+ matches; raise `max_results` \(max 200\) or narrow `path`\/`glob`\.\)$/,
      );
    });

    it("notes caps on max_results and context_lines", async () => {
      const { text } = await call({ query: "MAX_LEN", max_results: 500, context_lines: 9 });
      expect(text).toBe(
        [
          'Found 1 match for "MAX_LEN":',
          "",
          "c/main.c",
          "  1: #define MAX_LEN 10",
          "  2- static int load(char *p) {",
          "  3-   return load(p);",
          "  4- }",
          "  5- typedef struct Settings Settings;",
          "(`max_results` is capped at 200.)",
          "(`context_lines` is capped at 5.)",
        ].join("\n"),
      );
    });

    it("says when nothing matches", async () => {
      expect((await call({ query: "nowhere" })).text).toBe('No matches found for "nowhere".');
    });
  });

  describe("when symbol is true", () => {
    it.each([
      ["parseConfig", ["src/config.ts:3", "src/config.ts:9"]],
      ["parse_config", ["py/app.py:1", "rs/lib.rs:1"]],
      ["ParseConfig", ["go/main.go:3"]],
      ["Start", ["go/main.go:7"]],
      [
        "Settings",
        ["c/main.c:5", "go/main.go:9", "java/App.java:1", "py/app.py:4", "rb/app.rb:1", "rs/lib.rs:2"],
      ],
      ["load", ["c/main.c:2", "java/App.java:2", "rb/app.rb:2"]],
      ["Mode", ["rs/lib.rs:3"]],
      ["MAX_LEN", ["c/main.c:1"]],
    ])("finds the definitions of %s and not its uses", async (name, where) => {
      const { text } = await call({ query: name, symbol: true, context_lines: 0 });
      const found: string[] = [];
      let file = "";
      for (const line of text.split("\n").slice(2)) {
        if (/^\S/.test(line)) file = line;
        const m = /^ {2}(\d+): /.exec(line);
        if (m) found.push(`${file}:${m[1]}`);
      }
      expect(found).toEqual(where);
      expect(text.split("\n")[0]).toBe(
        `Found ${where.length} definition${where.length === 1 ? "" : "s"} for "${name}":`,
      );
    });

    it("says when there is no definition", async () => {
      expect((await call({ query: "nowhere", symbol: true })).text).toBe(
        'No definitions found for "nowhere".',
      );
    });

    it("refuses more than one name", async () => {
      const { text, isError } = await call({ query: "parse config", symbol: true });
      expect(isError).toBe(true);
      expect(text).toBe(
        'Invalid input: `query` "parse config" is not a single name; symbol search takes one identifier\nPass just the name (e.g. parseConfig), or drop `symbol` for a literal search.',
      );
    });
  });

  describe("when the path leaves the workspace", () => {
    it("refuses it", async () => {
      const { text, isError } = await call({ query: "x", path: "../" });
      expect(isError).toBe(true);
      expect(text).toMatch(/^Permission denied: `path` "\.\.\/" is outside the workspace/);
    });
  });

  describe("when the query is empty", () => {
    it("answers InvalidInput", async () => {
      expect((await call({ query: "" })).text).toMatch(
        /^Invalid input: `query` must be non-empty text, got ""/,
      );
    });
  });
});
