import { type JsonSchema, type ToolContext, ToolOutput } from "@toolkit/core";
import type { PositionInput } from "./lsp-input.js";
import { positionSchema } from "./lsp-input.js";
import { LspTool, withNotes } from "./lsp-tool.js";
import { locate } from "./locate.js";

/** Hover: the type and documentation of the symbol at a position (or named `symbol`). */
export class Hover extends LspTool<PositionInput> {
  readonly name = "Hover";
  readonly description =
    "Hover: the type signature and documentation of the symbol at `path` + `line`/`column` (1-based), or of the symbol named `symbol` in `path`.";
  protected readonly inputSchema: JsonSchema = positionSchema();

  protected async run(input: PositionInput, ctx: ToolContext): Promise<ToolOutput> {
    const notes: string[] = [];
    const target = await this.target(input.path, ctx, notes);
    const at = await locate(this.lsp, target.ready, target.path, input);
    const hover = await at.ready.client.request<{ contents?: unknown } | null>(
      "textDocument/hover",
      at.params,
    );
    const text = hoverText(hover?.contents).trim();
    return ToolOutput.text(withNotes(notes, text === "" ? "No information at that position." : text));
  }
}

/** The text of LSP hover contents: MarkupContent, a MarkedString, or a list of them. Pure. */
export function hoverText(contents: unknown): string {
  if (typeof contents === "string") return contents;
  if (Array.isArray(contents))
    return contents
      .map(hoverText)
      .filter((t) => t !== "")
      .join("\n\n");
  if (contents && typeof contents === "object") {
    const { value, language } = contents as { value?: unknown; language?: unknown };
    if (typeof value !== "string") return "";
    return typeof language === "string" ? `\`\`\`${language}\n${value}\n\`\`\`` : value;
  }
  return "";
}
