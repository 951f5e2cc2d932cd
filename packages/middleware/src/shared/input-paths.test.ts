import { FnTool } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { callPaths } from "./input-paths.js";

const toolWith = (field: string) =>
  new FnTool("P", "Takes a path.", { type: "object", properties: { [field]: { type: "string" } } }, () => "");

describe("callPaths", () => {
  it.each(["file_path", "path", "notebook_path"])("finds the path in %s", (field) => {
    expect(callPaths({ tool: toolWith(field), input: { [field]: "a/b.ipynb" }, cwd: "/w" })).toEqual({
      declared: true,
      absolute: ["/w/a/b.ipynb"],
    });
  });
});
