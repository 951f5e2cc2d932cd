import type { ToolProgress } from "@toolkit/core";
import type { Colors } from "./colors.js";

/** Options for `createLiveTail`. */
export interface LiveTailOptions {
  write: (text: string) => void;
  colors: Colors;
  /** Redraw the tail in place (a TTY); otherwise append lines plainly. */
  tty: boolean;
  /** Lines of a command's output kept on screen. @default 5 */
  lines?: number;
  /** Columns a drawn line is cut to, so a redraw never wraps. @default 120 */
  columns?: number;
}

/** A running call's progress, shown to a person. */
export interface LiveTail {
  /** An update of the running call `id` (`name` is the tool). */
  update(id: string, name: string, update: ToolProgress): void;
  /** The call ended: a TTY's tail is erased (the result follows); plain output gets its last partial line. */
  end(id: string): void;
}

// Erase one line and go to its start; go up one line.
const CLEAR_LINE = "\r\u001b[2K";
const UP = "\u001b[1A";

/**
 * The live tail of running calls: a command's new output lines and other
 * tools' progress lines. In a TTY the last `lines` output lines (and the
 * latest progress line) are redrawn in place under the call; elsewhere each
 * complete output line and each new progress line is appended once.
 */
export function createLiveTail({
  write,
  colors,
  tty,
  lines: keep = 5,
  columns = 120,
}: LiveTailOptions): LiveTail {
  interface CallTail {
    done: string[];
    partial: string;
    message: string | undefined;
  }
  const calls = new Map<string, CallTail>();
  let drawn = 0;

  const erase = () => {
    let out = "";
    for (let i = 0; i < drawn; i++) out += `${UP}${CLEAR_LINE}`;
    drawn = 0;
    if (out !== "") write(out);
  };
  const cut = (line: string) => (line.length > columns ? `${line.slice(0, columns - 1)}…` : line);
  const draw = (name: string, tail: CallTail) => {
    erase();
    const shown = [...tail.done, ...(tail.partial === "" ? [] : [tail.partial])].slice(-keep);
    const rows = shown.map((l) => `    ${colors.dim("│")} ${cut(l.replace(/\t/g, "  "))}`);
    if (tail.message !== undefined)
      rows.push(`    ${colors.dim("…")} ${colors.dim(cut(`${name}: ${tail.message}`))}`);
    drawn = rows.length;
    if (rows.length > 0) write(`${rows.join("\n")}\n`);
  };

  return {
    update(id, name, update) {
      let tail = calls.get(id);
      if (!tail) {
        tail = { done: [], partial: "", message: undefined };
        calls.set(id, tail);
      }
      const fresh: string[] = [];
      if (update.output !== undefined) {
        const pieces = `${tail.partial}${update.output}`.split(/\r?\n/);
        tail.partial = pieces.pop() ?? "";
        fresh.push(...pieces);
        tail.done = [...tail.done, ...pieces].slice(-keep);
      }
      const message = update.message;
      const newMessage = message !== undefined && message !== tail.message;
      if (message !== undefined) tail.message = message;
      if (tty) {
        draw(name, tail);
        return;
      }
      let out = "";
      for (const line of fresh) out += `    ${colors.dim("│")} ${line}\n`;
      if (newMessage && update.output === undefined) out += `    ${colors.dim("…")} ${name}: ${message}\n`;
      if (out !== "") write(out);
    },
    end(id) {
      const tail = calls.get(id);
      calls.delete(id);
      if (tty) {
        erase();
        return;
      }
      if (tail && tail.partial !== "") write(`    ${colors.dim("│")} ${tail.partial}\n`);
    },
  };
}
