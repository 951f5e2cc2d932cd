import { readFile } from "node:fs/promises";
import {
  adviceFor,
  createToolContext,
  markInputValidated,
  Retention,
  ToolError,
  ToolOutput,
} from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { FS_ALIASES } from "./field-aliases.js";
import { FsTool } from "./fs-tool.js";

const SCHEMA = {
  type: "object",
  properties: { file_path: { type: "string" } },
  required: ["file_path"],
  additionalProperties: false,
};

/** Reads a real file: a missing one fails with ENOENT from node; `bug` is a programming error. */
class Peek extends FsTool<{ file_path: string }> {
  runs = 0;
  constructor() {
    super({
      name: "Peek",
      description: "Reads a file.",
      inputSchema: SCHEMA,
      aliases: FS_ALIASES,
      retention: Retention.Durable,
    });
  }
  protected async run({ file_path }: { file_path: string }): Promise<ToolOutput> {
    this.runs++;
    if (file_path === "bug") throw new TypeError("undefined is not a function");
    if (file_path === "refuse") throw ToolError.permission("not here");
    return ToolOutput.text(await readFile(file_path, "utf8"));
  }
}

const ctx = createToolContext();

describe("FsTool on ToolBase", () => {
  it("answers an errno error from the file system as an IO soft failure", async () => {
    const out = await new Peek().call({ file_path: "/nonexistent/toolbase/file" }, ctx);
    expect(out.isError).toBe(true);
    expect(out.textContent()).toMatch(/^IO error: ENOENT: /);
    expect(out.textContent().endsWith(`\n${adviceFor("Io")}`)).toBe(true);
  });
  it("answers a ToolError with its advice, without the success retention", async () => {
    const out = await new Peek().call({ file_path: "refuse" }, ctx);
    expect(out.textContent()).toBe(`Permission denied: not here\n${adviceFor("Permission")}`);
    expect(out.retention).not.toBe(Retention.Durable);
  });
  it("throws any other error: a bug", async () => {
    await expect(new Peek().call({ file_path: "bug" }, ctx)).rejects.toThrow(TypeError);
  });
  it("gives a success the shape's retention", async () => {
    const out = await new Peek().call({ file_path: new URL(import.meta.url).pathname }, ctx);
    expect(out.isError).toBe(false);
    expect(out.retention).toBe(Retention.Durable);
  });
  it("validates a direct call, naming an alias as it was sent", async () => {
    const tool = new Peek();
    const out = await tool.call({ path: 3 }, ctx);
    expect(out.isError).toBe(true);
    expect(out.textContent()).toContain("sent as `path`");
    expect(tool.runs).toBe(0);
  });
  it("skips validation only for input dispatch marked against its schema", async () => {
    const tool = new Peek();
    const input = { file_path: "refuse", extra: 1 };
    markInputValidated(input, tool.schema().input_schema);
    expect((await tool.call(input, ctx)).textContent()).toContain("Permission denied");
    expect(tool.runs).toBe(1);
  });
});
