import { type JsonSchema, Retention, type ToolContext, ToolError, ToolOutput } from "@toolkit/core";
import { openTarget } from "../target/open-target.js";
import { resolveTarget } from "../target/target.js";
import { type FsToolOptions, type ResolvedFsOptions, resolveFsOptions } from "../tool/fs-options.js";
import type { AliasTable } from "../tool/field-aliases.js";
import { FsTool } from "../tool/fs-tool.js";
import { fsResourceKey } from "../tool/resource-key.js";
import { hashBytes, StaleGuard } from "../tool/stale-guard.js";
import {
  type CellType,
  type Notebook,
  type NotebookCell,
  newCellId,
  parseNotebook,
  serializeNotebook,
  sourceLines,
} from "./notebook.js";

/** `file_path` and `path` name the notebook too; `source` is `new_source`. */
const NOTEBOOK_ALIASES: AliasTable = new Map([
  ["file_path", "notebook_path"],
  ["path", "notebook_path"],
  ["source", "new_source"],
]);

/** Options for `NotebookEdit`. */
export type NotebookEditOptions = FsToolOptions;

interface NotebookEditInput {
  notebook_path: string;
  cell_id?: string;
  index?: number;
  new_source?: string;
  cell_type?: CellType;
  edit_mode?: "replace" | "insert" | "delete";
}

const DESCRIPTION = [
  "Edits one cell of a Jupyter notebook (.ipynb). Name the cell by `cell_id` or by 0-based `index`, as Read",
  "shows them. `edit_mode` replace (default) sets the cell's source (and `cell_type` if given; a code cell's",
  "outputs are cleared); insert adds a new cell with `new_source` after the named cell (or at `index`, or at",
  "the start when neither is given); delete removes the cell. The notebook must have been read in this session",
  "and not changed since. Its metadata is kept and it stays valid nbformat 4.5; the write is atomic.",
].join(" ");

const SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    notebook_path: {
      type: "string",
      minLength: 1,
      description: "The notebook, absolute or relative to the workspace.",
    },
    cell_id: { type: "string", minLength: 1, description: "The id of the cell to edit (Read shows it)." },
    index: {
      type: "integer",
      minimum: 0,
      description: "The 0-based index of the cell, when no cell_id is given.",
    },
    new_source: { type: "string", description: "The cell's new source (replace, insert)." },
    cell_type: {
      type: "string",
      enum: ["code", "markdown", "raw"],
      description: "The cell type; required to insert.",
    },
    edit_mode: { type: "string", enum: ["replace", "insert", "delete"], description: "Default replace." },
  },
  required: ["notebook_path"],
  additionalProperties: false,
};

/**
 * NotebookEdit: replace, insert or delete one cell of an nbformat 4 notebook,
 * behind the stale guard and containment, written atomically. Retention `durable`.
 *
 * @example
 * await new NotebookEdit().call({ notebook_path: "a.ipynb", index: 0, new_source: "print(1)" }, ctx);
 */
export class NotebookEdit extends FsTool<NotebookEditInput> {
  readonly #o: ResolvedFsOptions;

  constructor(options: NotebookEditOptions = {}) {
    super({
      name: "NotebookEdit",
      description: DESCRIPTION,
      inputSchema: SCHEMA,
      retention: Retention.Durable,
      aliases: NOTEBOOK_ALIASES,
    });
    this.#o = resolveFsOptions(options);
  }

  resourceKey(input: unknown): string | undefined {
    return fsResourceKey(input, ["notebook_path"], this.#o.workspace);
  }

  protected async run(input: NotebookEditInput, ctx: ToolContext): Promise<ToolOutput> {
    const mode = input.edit_mode ?? "replace";
    if (mode !== "delete" && input.new_source === undefined) {
      throw ToolError.invalidInput(`\`new_source\` is required for edit_mode ${mode}`);
    }
    if (mode === "insert" && input.cell_type === undefined) {
      throw ToolError.invalidInput("`cell_type` is required for edit_mode insert (code, markdown or raw)");
    }
    const target = await resolveTarget(ctx, this.#o, input.notebook_path, "notebook_path");
    if (!target.stat)
      throw ToolError.invalidInput(`${target.shown} does not exist; NotebookEdit edits an existing notebook`);
    const guard = StaleGuard.of(ctx);
    const file = await openTarget(this.#o, target, "notebook_path", "NotebookEdit");
    let bytes: Uint8Array;
    let version: string;
    try {
      bytes = await file.readAll();
      version = file.stat.version;
      await guard.assertFresh(target.path.real, target.shown, { version, bytes: async () => bytes });
    } finally {
      await file.close();
    }
    const nb = parseNotebook(Buffer.from(bytes).toString("utf8"), target.shown);
    const summary = applyCellEdit(nb, input, mode, target.shown);
    const data = Buffer.from(serializeNotebook(nb), "utf8");
    await this.#o.source.writeFile(target.path.real, data, {
      realRoot: target.realRoot,
      shown: target.shown,
      signal: ctx.signal,
      expectVersion: version,
    });
    const after = await this.#o.source.stat(target.path.real);
    guard.record(target.path.real, { hash: hashBytes(data), version: after?.version ?? "" });
    return ToolOutput.text(`${summary} in ${target.shown} (${nb.cells.length} cells now).`);
  }
}

/** Applies one edit to the parsed notebook and says what it did. */
function applyCellEdit(nb: Notebook, input: NotebookEditInput, mode: string, shown: string): string {
  const cells = nb.cells;
  const named = input.cell_id !== undefined || input.index !== undefined;
  const at = named ? locate(nb, input, shown) : -1;
  if (mode === "insert") {
    const type = input.cell_type as CellType;
    const id = newCellId(new Set(cells.map((c) => c.id)));
    const cell: NotebookCell = {
      cell_type: type,
      id,
      metadata: {},
      source: sourceLines(input.new_source ?? ""),
    };
    if (type === "code") Object.assign(cell, { execution_count: null, outputs: [] });
    // After the cell named by id; at the index named by index; first when neither.
    const pos = input.cell_id !== undefined ? at + 1 : (input.index ?? 0);
    cells.splice(pos, 0, cell);
    return `Inserted ${type} cell ${id} at index ${pos}`;
  }
  if (!named) throw ToolError.invalidInput(`give \`cell_id\` or \`index\` to ${mode} a cell`);
  const cell = cells[at] as NotebookCell;
  if (mode === "delete") {
    cells.splice(at, 1);
    return `Deleted ${cell.cell_type} cell ${cell.id} (index ${at})`;
  }
  const type = input.cell_type ?? cell.cell_type;
  const next: NotebookCell = { ...cell, cell_type: type, source: sourceLines(input.new_source ?? "") };
  if (type === "code") Object.assign(next, { execution_count: null, outputs: [] });
  else {
    delete next.outputs;
    delete next.execution_count;
    if (type === "markdown") delete next.attachments;
  }
  cells[at] = next;
  return `Replaced the source of ${type} cell ${cell.id} (index ${at})`;
}

/** The index of the cell the input names, or a refusal naming what was given. */
function locate(nb: Notebook, input: NotebookEditInput, shown: string): number {
  const { cells } = nb;
  if (input.cell_id !== undefined) {
    const i = cells.findIndex((c) => c.id === input.cell_id);
    if (i < 0) {
      throw ToolError.invalidInput(`${shown} has no cell with id ${JSON.stringify(input.cell_id)}`, {
        advice: "Read the notebook to see its cell ids.",
      });
    }
    if (input.index !== undefined && input.index !== i) {
      throw ToolError.invalidInput(`cell ${input.cell_id} is at index ${i}, not at \`index\` ${input.index}`);
    }
    return i;
  }
  const i = input.index as number;
  const limit = input.edit_mode === "insert" ? cells.length : cells.length - 1;
  if (i > limit) {
    throw ToolError.invalidInput(`\`index\` ${i} is past the last cell of ${shown} (${cells.length} cells)`);
  }
  return i;
}
