/** One table row as written so far: its cells' Markdown and whether every cell is a `th`. */
export interface TableRow {
  readonly cells: string[];
  header: boolean;
}

/** A table being written: a data table collects rows, a layout table is written as blocks. */
export interface TableState {
  readonly data: boolean;
  readonly rows: TableRow[];
  caption: string;
}

const ELEMENT = 1;

/**
 * Whether a table holds data (a GFM table) rather than layout (its cells
 * written as blocks): no table inside it, not `role="presentation"`, and at
 * least one row of two cells or more. Walks the table once, with
 * an explicit stack.
 */
export function isDataTable(table: Element): boolean {
  if (table.getAttribute("role") === "presentation") return false;
  let wide = false;
  const stack: Node[] = [];
  for (let child = table.firstChild; child !== null; child = child.nextSibling) stack.push(child);
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (node.nodeType !== ELEMENT) continue;
    const tag = (node as Element).tagName.toLowerCase();
    if (tag === "table") return false;
    if (tag === "tr" && !wide) wide = cellsOf(node) >= 2;
    for (let child = node.firstChild; child !== null; child = child.nextSibling) stack.push(child);
  }
  return wide;
}

function cellsOf(row: Node): number {
  let cells = 0;
  for (let child = row.firstChild; child !== null; child = child.nextSibling) {
    if (child.nodeType !== ELEMENT) continue;
    const tag = (child as Element).tagName.toLowerCase();
    if (tag === "td" || tag === "th") cells++;
  }
  return cells;
}

/**
 * A GFM pipe table: the first row is the header when its cells are all `th`,
 * else an empty header row is added; short rows are padded, pipes escaped.
 */
export function renderTable(rows: readonly TableRow[]): string {
  const kept = rows.filter((row) => row.cells.length > 0);
  const first = kept[0];
  if (first === undefined) return "";
  let width = 0;
  for (const row of kept) width = Math.max(width, row.cells.length);
  const line = (cells: readonly string[]) =>
    `|${Array.from({ length: width }, (_, i) => ` ${(cells[i] ?? "").replaceAll("|", "\\|")} |`).join("")}`;
  const rule = `|${" --- |".repeat(width)}`;
  const body = first.header ? kept.slice(1) : kept;
  const head = first.header ? line(first.cells) : `|${"  |".repeat(width)}`;
  return [head, rule, ...body.map((row) => line(row.cells))].join("\n");
}
