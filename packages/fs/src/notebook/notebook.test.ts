import { type TempWorkspace, tempWorkspace, view } from "@toolkit/test-kit";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Read } from "../read/read.js";
import { NotebookEdit } from "./notebook-edit.js";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

const PNG_1PX =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

function notebook(): Record<string, unknown> {
  return {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {
      kernelspec: { name: "python3", display_name: "Python 3", language: "python" },
      custom: { k: 1 },
    },
    cells: [
      { cell_type: "markdown", id: "intro", metadata: {}, source: ["# Title\n", "text"] },
      {
        cell_type: "code",
        id: "plot",
        metadata: { tags: ["x"] },
        execution_count: 3,
        source: "print('hi')",
        outputs: [
          { output_type: "stream", name: "stdout", text: ["hi\n"] },
          {
            output_type: "display_data",
            data: { "image/png": PNG_1PX, "text/plain": "<Figure>" },
            metadata: {},
          },
          {
            output_type: "execute_result",
            execution_count: 3,
            data: { "text/plain": "x".repeat(5000) },
            metadata: {},
          },
        ],
      },
    ],
  };
}

const CELL_KEYS: Record<string, readonly string[]> = {
  code: ["id", "cell_type", "metadata", "source", "outputs", "execution_count"],
  markdown: ["id", "cell_type", "metadata", "source", "attachments"],
  raw: ["id", "cell_type", "metadata", "source", "attachments"],
};
const CELL_REQUIRED: Record<string, readonly string[]> = {
  code: ["id", "cell_type", "metadata", "source", "outputs", "execution_count"],
  markdown: ["id", "cell_type", "metadata", "source"],
  raw: ["id", "cell_type", "metadata", "source"],
};
const OUTPUT_REQUIRED: Record<string, readonly string[]> = {
  execute_result: ["output_type", "data", "metadata", "execution_count"],
  display_data: ["output_type", "data", "metadata"],
  stream: ["output_type", "name", "text"],
  error: ["output_type", "ename", "evalue", "traceback"],
};
const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const multiline = (v: unknown) =>
  typeof v === "string" || (Array.isArray(v) && v.every((s) => typeof s === "string"));

/**
 * The structural rules of nbformat's v4.5 JSON schema (nbformat.v4.5.schema.json), written
 * out here because the schema file is not published on npm: the top-level and per-cell
 * required fields and closed property sets, the cell id pattern and uniqueness, and the
 * required fields of each output type.
 */
function nbformat45Errors(nb: unknown): string[] {
  const errors: string[] = [];
  if (!isObj(nb)) return ["top level is not an object"];
  for (const k of Object.keys(nb))
    if (!["metadata", "nbformat_minor", "nbformat", "cells"].includes(k)) errors.push(`extra top-level ${k}`);
  if (nb.nbformat !== 4) errors.push("nbformat is not 4");
  if (typeof nb.nbformat_minor !== "number" || nb.nbformat_minor < 5) errors.push("nbformat_minor < 5");
  if (!isObj(nb.metadata)) errors.push("metadata is not an object");
  if (!Array.isArray(nb.cells)) return [...errors, "cells is not an array"];
  const ids = new Set<string>();
  for (const [i, c] of (nb.cells as unknown[]).entries()) {
    if (!isObj(c)) {
      errors.push(`cells[${i}] is not an object`);
      continue;
    }
    const type = String(c.cell_type);
    if (!CELL_KEYS[type]) {
      errors.push(`cells[${i}].cell_type ${type}`);
      continue;
    }
    for (const k of CELL_REQUIRED[type] ?? []) if (!(k in c)) errors.push(`cells[${i}] lacks ${k}`);
    for (const k of Object.keys(c))
      if (!CELL_KEYS[type]?.includes(k)) errors.push(`cells[${i}] has extra ${k}`);
    if (typeof c.id !== "string" || !/^[a-zA-Z0-9-_]+$/.test(c.id) || c.id.length > 64)
      errors.push(`cells[${i}].id ${String(c.id)}`);
    else if (ids.has(c.id)) errors.push(`duplicate id ${c.id}`);
    else ids.add(c.id);
    if (!isObj(c.metadata)) errors.push(`cells[${i}].metadata`);
    if (!multiline(c.source)) errors.push(`cells[${i}].source`);
    if (type === "code") {
      if (c.execution_count !== null && !Number.isInteger(c.execution_count))
        errors.push(`cells[${i}].execution_count`);
      if (!Array.isArray(c.outputs)) {
        errors.push(`cells[${i}].outputs`);
        continue;
      }
      for (const [k, o] of (c.outputs as unknown[]).entries()) {
        const req = isObj(o) ? OUTPUT_REQUIRED[String(o.output_type)] : undefined;
        if (!isObj(o) || !req) {
          errors.push(`cells[${i}].outputs[${k}] type`);
          continue;
        }
        for (const f of req) if (!(f in o)) errors.push(`cells[${i}].outputs[${k}] lacks ${f}`);
      }
    }
  }
  return errors;
}

async function setup(nb: Record<string, unknown> = notebook()) {
  await writeFile(join(ws.root, "nb.ipynb"), JSON.stringify(nb, null, 1));
  return new Read().call({ file_path: "nb.ipynb" }, ws.ctx);
}
const saved = async () => JSON.parse(await readFile(join(ws.root, "nb.ipynb"), "utf8"));
const edit = (input: Record<string, unknown>) =>
  new NotebookEdit().call({ notebook_path: "nb.ipynb", ...input }, ws.ctx);

describe("Read on a notebook", () => {
  it("renders its cells with index, id, type, source and outputs, images as image parts", async () => {
    const out = await setup();
    expect(out.isError).toBe(false);
    expect(out.parts.map((p) => p.type)).toEqual(["text", "image", "text"]);
    expect(out.parts[1]).toEqual({ type: "image", data: PNG_1PX, mediaType: "image/png" });
    const text = out.textContent();
    expect(text).toContain("Notebook: nb.ipynb (nbformat 4.5, 2 cells)");
    expect(text).toContain('<cell index="0" id="intro" type="markdown">\n# Title\ntext\n</cell>');
    expect(text).toContain('<cell index="1" id="plot" type="code" [3]>\nprint(\'hi\')\n</cell>');
    expect(text).toContain('<output cell="1" n="0" type="stream">\nhi\n');
    expect(text).toContain("[output truncated: 1000 more characters of 5000]");
    expect(text).not.toContain("x".repeat(4001));
    expect(text).not.toContain('"nbformat"');
  });
  it("refuses a file that is not nbformat 4, naming the field", async () => {
    const out = await setup({ ...notebook(), nbformat: 3 });
    expect(view(out).text).toContain("`nbformat` is 3");
  });
  it("still shows raw JSON lines when offset or limit is given", async () => {
    await setup();
    const out = await new Read().call({ file_path: "nb.ipynb", offset: 1, limit: 2 }, ws.ctx);
    expect(out.textContent()).toContain('"nbformat": 4');
  });
});

describe("NotebookEdit", () => {
  it("is checked by rules that catch what nbformat 4.5 forbids", () => {
    const broken = notebook();
    (broken.cells as Record<string, unknown>[])[0] = {
      cell_type: "markdown",
      id: "a b",
      source: 1,
      outputs: [],
    };
    expect(nbformat45Errors({ ...broken, nbformat_minor: 4 })).toEqual([
      "nbformat_minor < 5",
      "cells[0] lacks metadata",
      "cells[0] has extra outputs",
      "cells[0].id a b",
      "cells[0].metadata",
      "cells[0].source",
    ]);
  });
  it("replaces a cell's source by id, clearing a code cell's outputs and keeping metadata", async () => {
    await setup();
    const out = await edit({ cell_id: "plot", new_source: "x = 1\nx" });
    expect(view(out)).toEqual({
      isError: false,
      text: "Replaced the source of code cell plot (index 1) in nb.ipynb (2 cells now).",
    });
    const nb = await saved();
    expect(nbformat45Errors(nb)).toEqual([]);
    expect(nb.metadata).toEqual(notebook().metadata);
    expect(nb.cells[1]).toEqual({
      cell_type: "code",
      id: "plot",
      metadata: { tags: ["x"] },
      execution_count: null,
      source: ["x = 1\n", "x"],
      outputs: [],
    });
  });
  it("changes the cell type on replace, dropping code-only fields", async () => {
    await setup();
    await edit({ index: 1, new_source: "## now text", cell_type: "markdown" });
    const nb = await saved();
    expect(nbformat45Errors(nb)).toEqual([]);
    expect(nb.cells[1]).toEqual({
      cell_type: "markdown",
      id: "plot",
      metadata: { tags: ["x"] },
      source: ["## now text"],
    });
  });
  it("inserts a new cell after the named one, with a fresh valid id", async () => {
    await setup();
    const out = await edit({ cell_id: "intro", new_source: "y = 2", cell_type: "code", edit_mode: "insert" });
    const nb = await saved();
    expect(nbformat45Errors(nb)).toEqual([]);
    expect(nb.cells.map((c: { id: string }) => c.id)).toEqual(["intro", nb.cells[1].id, "plot"]);
    expect(out.textContent()).toBe(
      `Inserted code cell ${nb.cells[1].id} at index 1 in nb.ipynb (3 cells now).`,
    );
    expect(nb.cells[1]).toMatchObject({
      cell_type: "code",
      source: ["y = 2"],
      outputs: [],
      execution_count: null,
    });
  });
  it("inserts at an index, and at the end", async () => {
    await setup();
    await edit({ index: 2, new_source: "end", cell_type: "raw", edit_mode: "insert" });
    const nb = await saved();
    expect(nbformat45Errors(nb)).toEqual([]);
    expect(nb.cells[2]).toMatchObject({ cell_type: "raw", source: ["end"] });
  });
  it("deletes a cell", async () => {
    await setup();
    await edit({ cell_id: "intro", edit_mode: "delete" });
    const nb = await saved();
    expect(nbformat45Errors(nb)).toEqual([]);
    expect(nb.cells.map((c: { id: string }) => c.id)).toEqual(["plot"]);
  });
  it("upgrades a 4.4 notebook to 4.5 by giving its cells ids", async () => {
    const old = notebook();
    old.nbformat_minor = 4;
    for (const c of old.cells as Record<string, unknown>[]) delete c.id;
    await setup(old);
    await edit({ index: 0, new_source: "# New" });
    const nb = await saved();
    expect(nb.nbformat_minor).toBe(5);
    expect(nbformat45Errors(nb)).toEqual([]);
  });
  it("refuses a notebook not read in this session and writes nothing", async () => {
    await writeFile(join(ws.root, "nb.ipynb"), JSON.stringify(notebook()));
    const out = await edit({ index: 0, new_source: "z" });
    expect(view(out).text).toContain("has not been read in this session");
    expect(await saved()).toEqual(notebook());
  });
  it("refuses a notebook changed since it was read", async () => {
    await setup();
    await writeFile(join(ws.root, "nb.ipynb"), JSON.stringify({ ...notebook(), cells: [] }));
    expect(view(await edit({ index: 0, new_source: "z" })).text).toContain(
      "has changed since it was last read",
    );
  });
  it("refuses a path outside the workspace", async () => {
    const out = await new NotebookEdit().call(
      { notebook_path: "../x.ipynb", index: 0, new_source: "z" },
      ws.ctx,
    );
    expect(out.isError).toBe(true);
  });
  it.each([
    [{ cell_id: "nope", new_source: "z" }, 'has no cell with id "nope"'],
    [{ index: 9, new_source: "z" }, "`index` 9 is past the last cell"],
    [{ index: 0 }, "`new_source` is required for edit_mode replace"],
    [{ new_source: "z", edit_mode: "insert" }, "`cell_type` is required for edit_mode insert"],
    [{ new_source: "z" }, "give `cell_id` or `index` to replace a cell"],
  ])("refuses %j, naming what is wrong, and writes nothing", async (input, message) => {
    await setup();
    const before = await readFile(join(ws.root, "nb.ipynb"), "utf8");
    expect(view(await edit(input)).text).toContain(message);
    expect(await readFile(join(ws.root, "nb.ipynb"), "utf8")).toBe(before);
  });
});
