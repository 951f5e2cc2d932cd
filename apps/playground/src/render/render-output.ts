import type { ToolOutput } from "@toolkit/core";
import type { Colors } from "./colors.js";

/** Options for `renderOutput`. */
export interface RenderOutputOptions {
  output: ToolOutput;
  colors: Colors;
  /** Lines shown before the rest is summarised. @default 24 */
  maxLines?: number;
}

/**
 * A tool result for a person, by its display hint: diffs coloured line by
 * line, JSON pretty-printed, `suppress` as a one-line preview, anything else
 * as dimmed text. Long results are cut with a count of the lines left out;
 * images are named, not drawn. Soft failures are red.
 */
export function renderOutput({ output, colors, maxLines = 24 }: RenderOutputOptions): string {
  const images = output.parts.filter((p) => p.type === "image").length;
  const text = output.textContent();
  let lines: string[];
  if (output.isError) lines = text.split("\n").map((l) => colors.red(l));
  else if (output.hint === "suppress") lines = [colors.dim(`${text.split("\n")[0] ?? ""} …`)];
  else if (output.hint === "diff") lines = text.split("\n").map((l) => diffLine(l, colors));
  else if (output.hint === "json")
    lines = prettyJson(text)
      .split("\n")
      .map((l) => colors.dim(l));
  else lines = text.split("\n").map((l) => colors.dim(l));
  const shown = lines.slice(0, maxLines);
  if (lines.length > maxLines) shown.push(colors.dim(`… ${lines.length - maxLines} more lines`));
  if (images > 0) shown.push(colors.magenta(`[${images} image${images === 1 ? "" : "s"}]`));
  return shown.map((l) => `    ${l}`).join("\n");
}

function diffLine(line: string, colors: Colors): string {
  if (line.startsWith("+++") || line.startsWith("---")) return colors.bold(line);
  if (line.startsWith("+")) return colors.green(line);
  if (line.startsWith("-")) return colors.red(line);
  if (line.startsWith("@@")) return colors.cyan(line);
  return colors.dim(line);
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
