import type { OutputPart } from "@toolkit/core";
import { isJsonObject, type JsonValue } from "@toolkit/core";
import { cellSource, type Notebook } from "./notebook.js";

/** Limits for rendering a notebook. */
export interface RenderNotebookOptions {
  /** Each output's text is cut after this many characters, with a note. */
  maxOutputChars: number;
  /** Image outputs larger than this (base64 characters) are named, not sent. */
  maxImageChars: number;
}

const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

const joined = (v: JsonValue | undefined): string =>
  typeof v === "string" ? v : Array.isArray(v) ? v.filter((s) => typeof s === "string").join("") : "";

/**
 * A notebook as parts: a header per cell (index, id, type), its source, and
 * its outputs; image outputs become image parts, long text is cut with a note.
 */
export function renderNotebook(nb: Notebook, shown: string, o: RenderNotebookOptions): OutputPart[] {
  const parts: OutputPart[] = [];
  let text = `Notebook: ${shown} (nbformat ${nb.nbformat}.${nb.nbformat_minor}, ${nb.cells.length} cells)`;
  const flush = () => {
    if (text !== "") parts.push({ type: "text", text });
    text = "";
  };
  const cut = (s: string): string =>
    s.length <= o.maxOutputChars
      ? s
      : `${s.slice(0, o.maxOutputChars)}\n[output truncated: ${s.length - o.maxOutputChars} more characters of ${s.length}]`;
  nb.cells.forEach((cell, index) => {
    const count =
      cell.cell_type === "code" && typeof cell.execution_count === "number"
        ? ` [${cell.execution_count}]`
        : "";
    text += `\n\n<cell index="${index}" id="${cell.id}" type="${cell.cell_type}"${count}>\n${cellSource(cell)}\n</cell>`;
    const outputs = Array.isArray(cell.outputs) ? cell.outputs : [];
    outputs.forEach((out, k) => {
      if (!isJsonObject(out)) return;
      const head = `\n<output cell="${index}" n="${k}" type="${String(out.output_type)}">\n`;
      if (out.output_type === "stream") {
        text += `${head}${cut(joined(out.text))}\n</output>`;
      } else if (out.output_type === "error") {
        const tb = joined(Array.isArray(out.traceback) ? out.traceback.map((l) => `${String(l)}\n`) : []);
        text += `${head}${cut(`${String(out.ename)}: ${String(out.evalue)}\n${tb}`.replace(/\x1b\[[0-9;]*m/g, ""))}\n</output>`;
      } else if (isJsonObject(out.data)) {
        const data = out.data;
        const image = IMAGE_TYPES.find((t) => typeof data[t] === "string" || Array.isArray(data[t]));
        if (image) {
          const b64 = joined(data[image]).replace(/\s+/g, "");
          if (b64.length > o.maxImageChars) {
            text += `${head}[${image} output of ${b64.length} base64 characters, too large to send]\n</output>`;
          } else {
            text += `${head}[${image} output follows]\n</output>`;
            flush();
            parts.push({ type: "image", data: b64, mediaType: image });
          }
        } else {
          const plain =
            joined(data["text/plain"]) ||
            Object.keys(data)
              .map((k) => `[${k} output]`)
              .join("\n");
          text += `${head}${cut(plain)}\n</output>`;
        }
      } else {
        text += `${head}[output without data]\n</output>`;
      }
    });
  });
  flush();
  return parts;
}
