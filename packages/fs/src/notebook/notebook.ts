import { randomUUID } from "node:crypto";
import { isJsonObject, type JsonValue, ToolError } from "@toolkit/core";

/** A JSON object. */
export type JsonObject = { [k: string]: JsonValue };

/** The cell types nbformat 4 knows. */
export type CellType = "code" | "markdown" | "raw";

/** One notebook cell, as nbformat 4 stores it (other fields are kept as they are). */
export interface NotebookCell extends JsonObject {
  cell_type: CellType;
  id: string;
  source: string | string[];
  metadata: JsonObject;
}

/** A parsed nbformat 4 notebook: its cells and everything else, kept as read. */
export interface Notebook extends JsonObject {
  nbformat: 4;
  nbformat_minor: number;
  metadata: JsonObject;
  cells: NotebookCell[];
}

const CELL_ID = /^[a-zA-Z0-9-_]{1,64}$/;
const CELL_TYPES: readonly string[] = ["code", "markdown", "raw"];

/**
 * Parses notebook JSON, refusing what is not nbformat 4 (naming the field).
 * A notebook older than 4.5 gets cell ids, as nbformat's upgrade does.
 */
export function parseNotebook(text: string, shown: string): Notebook {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw ToolError.invalidInput(`${shown} is not valid notebook JSON: ${(e as Error).message}`);
  }
  const bad = (field: string, got: unknown): never => {
    throw ToolError.invalidInput(
      `${shown} is not an nbformat 4 notebook: \`${field}\` is ${JSON.stringify(got) ?? "missing"}`,
    );
  };
  if (!isJsonObject(raw)) return bad("(top level)", raw);
  if (raw.nbformat !== 4) bad("nbformat", raw.nbformat);
  const minor = raw.nbformat_minor;
  if (typeof minor !== "number" || !Number.isInteger(minor) || minor < 0) bad("nbformat_minor", minor);
  if (!isJsonObject(raw.metadata)) bad("metadata", raw.metadata);
  if (!Array.isArray(raw.cells)) bad("cells", raw.cells);
  const seen = new Set<string>();
  for (const [i, cell] of (raw.cells as unknown[]).entries()) {
    if (!isJsonObject(cell)) return bad(`cells[${i}]`, cell);
    if (typeof cell.cell_type !== "string" || !CELL_TYPES.includes(cell.cell_type))
      bad(`cells[${i}].cell_type`, cell.cell_type);
    const src = cell.source;
    if (typeof src !== "string" && !(Array.isArray(src) && src.every((s) => typeof s === "string")))
      bad(`cells[${i}].source`, src);
    if (cell.metadata === undefined) cell.metadata = {};
    else if (!isJsonObject(cell.metadata)) bad(`cells[${i}].metadata`, cell.metadata);
    if (cell.id === undefined) cell.id = newCellId(seen);
    else if (typeof cell.id !== "string" || !CELL_ID.test(cell.id) || seen.has(cell.id))
      bad(`cells[${i}].id`, cell.id);
    seen.add(cell.id as string);
    if (cell.cell_type === "code") {
      if (cell.outputs === undefined) cell.outputs = [];
      else if (!Array.isArray(cell.outputs)) bad(`cells[${i}].outputs`, cell.outputs);
      if (cell.execution_count === undefined) cell.execution_count = null;
    }
  }
  if ((minor as number) < 5) raw.nbformat_minor = 5;
  return raw as Notebook;
}

/** The notebook as Jupyter writes it: one-space indent, a final newline. */
export function serializeNotebook(nb: Notebook): string {
  return `${JSON.stringify(nb, null, 1)}\n`;
}

/** A cell's source as one string. */
export function cellSource(cell: NotebookCell): string {
  return typeof cell.source === "string" ? cell.source : cell.source.join("");
}

/** Source text as nbformat's list of lines (each keeping its `\n`). */
export function sourceLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** A fresh cell id, unique among `taken`. */
export function newCellId(taken: ReadonlySet<string>): string {
  for (;;) {
    const id = randomUUID().replaceAll("-", "").slice(0, 8);
    if (!taken.has(id)) return id;
  }
}

/** True when a file name is a Jupyter notebook. */
export function isNotebookPath(path: string): boolean {
  return path.toLowerCase().endsWith(".ipynb");
}
