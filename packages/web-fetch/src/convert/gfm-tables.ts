import type TurndownService from "turndown";

type Node = TurndownService.Node;

/** A cell's Markdown on one line, with pipes escaped. */
function cellText(content: string): string {
  return content
    .replace(/\s*\n+\s*/g, " ")
    .replace(/\|/g, "\\|")
    .trim();
}

function tableOf(node: Node): Node | null {
  let parent = node.parentNode;
  while (parent !== null && parent.nodeName !== "TABLE") parent = parent.parentNode;
  return parent as Node | null;
}

function firstRow(table: Node): Node | null {
  const rows = (table as unknown as Element).querySelectorAll("tr");
  for (const row of Array.from(rows)) {
    if (tableOf(row as unknown as Node) === table) return row as unknown as Node;
  }
  return null;
}

function cellCount(row: Node): number {
  return Array.from(row.childNodes).filter((c) => c.nodeName === "TH" || c.nodeName === "TD").length;
}

/**
 * GFM pipe tables for turndown: every table becomes a Markdown table whose
 * first row is the header (an empty header is added when the first row has
 * no `th`), nested tables flattened into their cell's text. Our own rule: the
 * turndown-plugin-gfm package has not been released since 2018.
 */
export function gfmTables(service: TurndownService): void {
  service.addRule("tableCell", {
    filter: ["th", "td"],
    replacement: (content) => ` ${cellText(content)} |`,
  });
  service.addRule("tableRow", {
    filter: "tr",
    replacement: (content, node) => {
      const table = tableOf(node);
      if (table === null || firstRow(table) !== node) return `\n|${content}`;
      const cells = cellCount(node);
      const isHeader = Array.from(node.childNodes).some((c) => c.nodeName === "TH");
      const rule = `\n|${" --- |".repeat(Math.max(cells, 1))}`;
      if (isHeader) return `\n|${content}${rule}`;
      return `\n|${"  |".repeat(Math.max(cells, 1))}${rule}\n|${content}`;
    },
  });
  service.addRule("tableSection", {
    filter: ["thead", "tbody", "tfoot"],
    replacement: (content) => content,
  });
  service.addRule("table", {
    filter: (node) => node.nodeName === "TABLE" && tableOf(node) === null,
    replacement: (content) => `\n\n${content.trim()}\n\n`,
  });
  service.addRule("nestedTable", {
    filter: (node) => node.nodeName === "TABLE" && tableOf(node) !== null,
    replacement: (_content, node) => ` ${cellText(node.textContent ?? "")} `,
  });
  service.addRule("tableCaption", {
    filter: "caption",
    replacement: (content) => `${cellText(content)}\n\n`,
  });
}
