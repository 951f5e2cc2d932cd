import { type TableState, isDataTable, renderTable } from "./gfm-table.js";
import { BLOCK_TAGS, SKIPPED_TAGS } from "./html-tags.js";

/** Options of one conversion to Markdown. */
export interface WriteMarkdownOptions {
  /** The URL links and images are made absolute against. */
  readonly base: string;
  /** Called with each finished piece of Markdown, in order, as the conversion goes. */
  readonly onChunk?: ((text: string) => void) | undefined;
}

/** A line prefix of a container: a list marker on its first line, blockquote `> ` on every line. */
interface Prefix {
  readonly first: string;
  readonly rest: string;
  used: boolean;
}

/** What an element left open, undone when the walk leaves it. */
type Leave = (() => void) | undefined;

interface Frame {
  readonly node: Node;
  next: Node | null;
  readonly leave: Leave;
}

const ELEMENT = 1;
const TEXT = 3;
/** Characters that are Markdown syntax anywhere in a line. */
const INLINE_SYNTAX = /[\\`*_[\]]/g;
/** Text at the start of a block that Markdown would read as a heading, quote or list. */
const BLOCK_START_SYNTAX = /^(#{1,6}\s|>|[-+]\s|\d+\.\s)/;
const WHITESPACE = /[ \t\n\r\f]+/g;
const CHUNK_CHARS = 256 * 1024;

/**
 * Writes a DOM subtree as Markdown in one pass over its nodes, with an
 * explicit stack (no recursion, so any depth is fine) and output kept in
 * pieces (no string grows by concatenation in a loop): ATX headings, fenced
 * code (lines split at `<br>` too), `-` and numbered lists, blockquotes, GFM
 * tables for data tables (layout tables are written cell by cell as blocks),
 * inline links and images made absolute.
 */
export function writeMarkdown(root: Node, options: WriteMarkdownOptions): string {
  const writer = new MarkdownWriter(options);
  writer.walk(root);
  return writer.finish();
}

class MarkdownWriter {
  readonly #base: string;
  readonly #onChunk: ((text: string) => void) | undefined;
  readonly #out: string[] = [];
  #pending: string[] = [];
  #pendingChars = 0;
  #line: string[] = [];
  #space = true;
  #separator: string | undefined;
  readonly #prefixes: Prefix[] = [];
  readonly #lists: { ordered: boolean; n: number; items: number }[] = [];
  #pre: string[] | undefined;
  #code = 0;
  #heading = 0;
  #cell = 0;
  readonly #tables: TableState[] = [];

  constructor({ base, onChunk }: WriteMarkdownOptions) {
    this.#base = base;
    this.#onChunk = onChunk;
  }

  walk(root: Node): void {
    const stack: Frame[] = [{ node: root, next: root.firstChild, leave: undefined }];
    for (;;) {
      const frame = stack[stack.length - 1];
      if (frame === undefined) break;
      const node = frame.next;
      if (node === null) {
        stack.pop();
        frame.leave?.();
        continue;
      }
      frame.next = node.nextSibling;
      if (node.nodeType === TEXT) this.#text(node.nodeValue ?? "");
      else if (node.nodeType === ELEMENT) {
        const element = node as Element;
        const tag = element.tagName.toLowerCase();
        if (SKIPPED_TAGS.has(tag)) continue;
        const leave = this.#enter(element, tag);
        if (leave !== false) stack.push({ node, next: node.firstChild, leave });
      }
    }
  }

  finish(): string {
    this.#flush();
    this.#drain();
    return this.#out.join("");
  }

  /** Starts an element; returns what to do on leaving it, or false to skip its children. */
  #enter(element: Element, tag: string): Leave | false {
    if (this.#pre !== undefined) return this.#enterInPre(tag);
    switch (tag) {
      case "br":
        this.#lineBreak();
        return false;
      case "hr":
        this.#flush();
        this.#emit("---");
        return false;
      case "img":
        this.#image(element);
        return false;
      case "pre":
        return this.#enterPre(element);
      case "code":
      case "kbd":
      case "samp":
      case "tt":
        return this.#enterCode();
      case "a":
        return this.#enterLink(element);
      case "strong":
      case "b":
        return this.#wrap("**");
      case "em":
      case "i":
        return this.#wrap("_");
      case "del":
      case "s":
      case "strike":
        return this.#wrap("~~");
      case "h1":
      case "h2":
      case "h3":
      case "h4":
      case "h5":
      case "h6":
        return this.#enterHeading(Number(tag[1]));
      case "ul":
      case "ol":
        return this.#enterList(element, tag === "ol");
      case "li":
        return this.#enterItem();
      case "blockquote":
        return this.#enterContainer({ first: "> ", rest: "> ", used: false });
      case "table":
        return this.#enterTable(element);
      case "tr":
        return this.#enterRow();
      case "td":
      case "th":
        return this.#enterCell(element, tag === "th");
      case "caption":
        return this.#enterCaption();
    }
    if (BLOCK_TAGS.has(tag)) {
      this.#flush();
      return () => this.#flush();
    }
    return undefined;
  }

  #text(data: string): void {
    if (this.#pre !== undefined) {
      this.#pre.push(data);
      return;
    }
    let text = data.replace(WHITESPACE, " ");
    if (this.#space && text.startsWith(" ")) text = text.slice(1);
    if (text === "") return;
    if (this.#code === 0) text = text.replace(INLINE_SYNTAX, "\\$&");
    this.#line.push(text);
    this.#space = text.endsWith(" ");
  }

  #lineBreak(): void {
    if (this.#cell > 0 || this.#heading > 0) {
      this.#text(" ");
      return;
    }
    const last = this.#line.length - 1;
    const piece = this.#line[last];
    if (piece === undefined) return;
    if (piece.endsWith(" ")) this.#line[last] = piece.trimEnd();
    this.#line.push("\n");
    this.#space = true;
  }

  #image(element: Element): void {
    const alt = (element.getAttribute("alt") ?? "").replace(WHITESPACE, " ").trim();
    const src = this.#url(element.getAttribute("src"));
    if (src === undefined || src.startsWith("data:")) {
      if (alt !== "") this.#text(alt);
      return;
    }
    this.#inline(`![${alt.replace(INLINE_SYNTAX, "\\$&")}](${src})`);
  }

  #inline(markup: string): void {
    this.#line.push(markup);
    this.#space = false;
  }

  /** Inline markup around an element's content: dropped when the content is empty, kept outside its spaces. */
  #wrap(open: string, close = open, after = ""): Leave {
    const start = this.#line.length;
    return () => {
      const content = this.#line.splice(start).join("");
      const trimmed = content.trim();
      if (trimmed === "") {
        if (content !== "") this.#line.push(" ");
        return;
      }
      const lead = content.startsWith(" ") ? " " : "";
      const trail = content.endsWith(" ") ? " " : "";
      this.#line.push(`${lead}${open}${trimmed}${close}${after}${trail}`);
      this.#space = trail !== "";
    };
  }

  #enterCode(): Leave {
    this.#code++;
    const start = this.#line.length;
    return () => {
      this.#code--;
      const content = this.#line.splice(start).join("").trim();
      if (content === "") return;
      const ticks = "`".repeat(longestRun(content, "`") + 1);
      const pad = content.startsWith("`") || content.endsWith("`") ? " " : "";
      this.#line.push(`${ticks}${pad}${content}${pad}${ticks}`);
      this.#space = false;
    };
  }

  #enterLink(element: Element): Leave {
    const href = element.getAttribute("href");
    if (href === null || /^\s*javascript:/i.test(href)) return undefined;
    const target = href.startsWith("#") ? href : this.#url(href);
    if (target === undefined) return undefined;
    return this.#wrap("[", "]", `(${target})`);
  }

  #enterHeading(level: number): Leave {
    this.#flush();
    this.#heading++;
    return () => {
      this.#heading--;
      this.#flush(`${"#".repeat(level)} `);
    };
  }

  #enterList(element: Element, ordered: boolean): Leave {
    const start = Number.parseInt(element.getAttribute("start") ?? "1", 10);
    this.#flush();
    if (this.#lists.length > 0) this.#separator = "\n";
    this.#lists.push({ ordered, n: Number.isFinite(start) ? start - 1 : 0, items: 0 });
    return () => {
      this.#flush();
      this.#lists.pop();
    };
  }

  #enterItem(): Leave {
    this.#flush();
    const list = this.#lists[this.#lists.length - 1];
    let marker = "- ";
    if (list !== undefined) {
      list.n++;
      list.items++;
      if (list.ordered) marker = `${list.n}. `;
      if (list.items > 1) this.#separator = "\n";
    }
    return this.#enterContainer({ first: marker, rest: " ".repeat(marker.length), used: false });
  }

  #enterContainer(prefix: Prefix): Leave {
    this.#flush();
    if (this.#cell > 0) return () => this.#flush();
    this.#prefixes.push(prefix);
    return () => {
      this.#flush();
      this.#prefixes.pop();
    };
  }

  #enterPre(element: Element): Leave {
    if (this.#cell > 0) return this.#enterCode();
    this.#flush();
    this.#pre = [];
    const className = `${element.getAttribute("class") ?? ""} ${element.querySelector("code")?.getAttribute("class") ?? ""}`;
    const lang = /(?:^|\s)(?:language|lang)-([\w+#.-]+)/.exec(className)?.[1] ?? "";
    return () => {
      const code = (this.#pre ?? []).join("").replace(/^\n/, "").trimEnd();
      this.#pre = undefined;
      const fence = "`".repeat(Math.max(3, longestRun(code, "`") + 1));
      this.#emit(`${fence}${lang}\n${code}\n${fence}`);
    };
  }

  /** Inside `<pre>` only text and line breaks count; a block element ends a line. */
  #enterInPre(tag: string): Leave {
    if (tag === "br") {
      this.#pre?.push("\n");
      return undefined;
    }
    if (!BLOCK_TAGS.has(tag)) return undefined;
    // Readability turns `<br><br>` into a paragraph, inside `<pre>` too: a block starts and ends a line.
    const endLine = (): void => {
      const pre = this.#pre;
      if (pre !== undefined && !(pre[pre.length - 1] ?? "\n").endsWith("\n")) pre.push("\n");
    };
    endLine();
    return endLine;
  }

  #enterTable(element: Element): Leave {
    const table = this.#tables[this.#tables.length - 1];
    if (this.#cell > 0 || !isDataTable(element)) {
      this.#flush();
      if (table === undefined || !table.data) this.#tables.push({ data: false, rows: [], caption: "" });
      return () => {
        this.#flush();
        if (table === undefined || !table.data) this.#tables.pop();
      };
    }
    this.#flush();
    const state: TableState = { data: true, rows: [], caption: "" };
    this.#tables.push(state);
    return () => {
      this.#tables.pop();
      if (state.caption !== "") this.#emit(state.caption);
      const text = renderTable(state.rows);
      if (text !== "") this.#emit(text);
    };
  }

  #currentDataTable(): TableState | undefined {
    const table = this.#tables[this.#tables.length - 1];
    return table?.data === true && this.#cell === 0 ? table : undefined;
  }

  #enterRow(): Leave {
    const table = this.#currentDataTable();
    if (table === undefined) {
      this.#flush();
      return () => this.#flush();
    }
    table.rows.push({ cells: [], header: true });
    return undefined;
  }

  #enterCell(element: Element, header: boolean): Leave {
    const table = this.#currentDataTable();
    const row = table?.rows[table.rows.length - 1];
    if (table === undefined || row === undefined) {
      this.#flush();
      return () => this.#flush();
    }
    const span = Math.min(Math.max(Number.parseInt(element.getAttribute("colspan") ?? "1", 10) || 1, 1), 50);
    const saved = this.#swapLine();
    this.#cell++;
    return () => {
      this.#cell--;
      row.cells.push(this.#restoreLine(saved));
      for (let i = 1; i < span; i++) row.cells.push("");
      if (!header) row.header = false;
    };
  }

  #enterCaption(): Leave {
    const table = this.#currentDataTable();
    if (table === undefined) {
      this.#flush();
      return () => this.#flush();
    }
    const saved = this.#swapLine();
    this.#cell++;
    return () => {
      this.#cell--;
      table.caption = this.#restoreLine(saved);
    };
  }

  #swapLine(): { line: string[]; space: boolean } {
    const saved = { line: this.#line, space: this.#space };
    this.#line = [];
    this.#space = true;
    return saved;
  }

  #restoreLine(saved: { line: string[]; space: boolean }): string {
    const text = this.#line.join("").replace(WHITESPACE, " ").trim();
    this.#line = saved.line;
    this.#space = saved.space;
    return text;
  }

  /** Ends the block being written (inside a table cell: a space). */
  #flush(marker = ""): void {
    if (this.#cell > 0) {
      if (!this.#space) this.#text(" ");
      return;
    }
    const text = this.#line.join("").trim();
    this.#line = [];
    this.#space = true;
    if (text === "") return;
    const escaped = BLOCK_START_SYNTAX.test(text) ? `\\${text}` : text;
    this.#emit(marker === "" ? escaped : `${marker}${escaped.replace(/\s*\n\s*/g, " ")}`);
  }

  /** Writes a finished block under the current prefixes. */
  #emit(block: string): void {
    const separator = this.#separator ?? "\n\n";
    this.#separator = undefined;
    const rest = this.#prefixes.map((p) => p.rest).join("");
    const first = this.#prefixes.map((p) => (p.used ? p.rest : p.first)).join("");
    for (const p of this.#prefixes) p.used = true;
    const lines = block.split("\n");
    const body = lines.map((line, i) => (line === "" ? rest.trimEnd() : `${i === 0 ? first : rest}${line}`));
    if (this.#out.length > 0 || this.#pending.length > 0) {
      this.#push(separator === "\n" ? "\n" : `\n${rest.trimEnd()}\n`);
    }
    this.#push(body.join("\n"));
  }

  #push(text: string): void {
    this.#pending.push(text);
    this.#pendingChars += text.length;
    if (this.#pendingChars >= CHUNK_CHARS) this.#drain();
  }

  #drain(): void {
    if (this.#pending.length === 0) return;
    const chunk = this.#pending.join("");
    this.#pending = [];
    this.#pendingChars = 0;
    this.#out.push(chunk);
    this.#onChunk?.(chunk);
  }

  #url(value: string | null): string | undefined {
    if (value === null || value.trim() === "") return undefined;
    try {
      return new URL(value.trim(), this.#base).href.replace(/[()]/g, (c) => (c === "(" ? "%28" : "%29"));
    } catch {
      return undefined;
    }
  }
}

/** The longest run of `char` in `text`. */
function longestRun(text: string, char: string): number {
  let longest = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    run = text[i] === char ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}
