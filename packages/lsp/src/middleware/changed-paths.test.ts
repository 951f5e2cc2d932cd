import { describe, expect, it } from "vitest";
import { changedPaths, FILE_CHANGING_TOOLS } from "./changed-paths.js";

const source = (name: string) =>
  FILE_CHANGING_TOOLS.get(name) as NonNullable<ReturnType<typeof FILE_CHANGING_TOOLS.get>>;

describe("changedPaths", () => {
  it.each([
    ["Edit", { file_path: "src/a.ts" }, ["/w/src/a.ts"]],
    ["Write", { file_path: "/w/b.ts" }, ["/w/b.ts"]],
    ["edit_file", { path: "c.py" }, ["/w/c.py"]],
    ["Edit", { file_path: 3 }, []],
    ["Edit", "not an object", []],
  ])("%s %j changes %j", (name, input, expected) => {
    expect(changedPaths(source(name), input, "/w")).toEqual(expected);
  });

  it("reads every file a Codex patch names, moves included", () => {
    const patch = [
      "*** Begin Patch",
      "*** Add File: src/new.ts",
      "+export {};",
      "*** Update File: src/a.ts",
      "*** Move to: src/b.ts",
      "@@",
      "-x",
      "+y",
      "*** Delete File: old.ts",
      "*** End Patch",
    ].join("\n");
    expect(changedPaths(source("ApplyPatch"), { patch }, "/w")).toEqual([
      "/w/src/new.ts",
      "/w/src/a.ts",
      "/w/src/b.ts",
      "/w/old.ts",
    ]);
  });

  it("reads the files of a unified diff", () => {
    const patch = "--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1 +1 @@\n-x\n+y\n--- /dev/null\n+++ b/src/n.ts\n";
    expect(changedPaths(source("ApplyPatch"), { patch }, "/w")).toEqual(["/w/src/a.ts", "/w/src/n.ts"]);
  });
});
