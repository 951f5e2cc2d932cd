/** An entry to draw, with its path relative to the tree's top. */
export interface TreeEntry {
  readonly path: string;
  readonly isDir: boolean;
}

interface Node {
  name: string;
  isDir: boolean;
  children: Map<string, Node>;
}

/** What `renderTree` drew. */
export interface RenderedTree {
  /** The lines below the top line. */
  readonly lines: string[];
  /** Entries drawn (at most `maxEntries`). */
  readonly shown: number;
  readonly directories: number;
  readonly files: number;
}

/**
 * Draws entries as a tree with box characters: directories first (with a
 * trailing "/"), then files, each group alphabetical; at most `maxEntries`
 * lines. Counts cover every entry given, drawn or not. Pure.
 */
export function renderTree(options: { entries: readonly TreeEntry[]; maxEntries: number }): RenderedTree {
  const { entries, maxEntries } = options;
  const top: Node = { name: "", isDir: true, children: new Map() };
  let directories = 0;
  for (const entry of entries) {
    if (entry.isDir) directories++;
    let node = top;
    const parts = entry.path.split("/");
    parts.forEach((name, i) => {
      const last = i === parts.length - 1;
      let child = node.children.get(name);
      if (!child) {
        child = { name, isDir: last ? entry.isDir : true, children: new Map() };
        node.children.set(name, child);
      }
      node = child;
    });
  }
  const lines: string[] = [];
  const draw = (node: Node, indent: string): void => {
    const kids = [...node.children.values()].sort(order);
    kids.forEach((kid, i) => {
      if (lines.length >= maxEntries) return;
      const last = i === kids.length - 1;
      lines.push(`${indent}${last ? "└── " : "├── "}${kid.name}${kid.isDir ? "/" : ""}`);
      draw(kid, `${indent}${last ? "    " : "│   "}`);
    });
  };
  draw(top, "");
  return { lines, shown: lines.length, directories, files: entries.length - directories };
}

function order(a: Node, b: Node): number {
  if (a.isDir !== b.isDir) return a.isDir ? -1 : 1;
  const la = a.name.toLowerCase();
  const lb = b.name.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
