import { type JsonSchema, type ToolContext, ToolOutput } from "@toolkit/core";
import type { PositionInput } from "./lsp-input.js";
import { positionSchema } from "./lsp-input.js";
import { LspTool, withNotes } from "./lsp-tool.js";
import { locate, locationsOf, sortPositions } from "./locate.js";

/**
 * Definition: where the symbol at a position (or named `symbol`) is
 * defined, one `path:line:column: text` line each (1-based).
 */
export class Definition extends LspTool<PositionInput> {
  readonly name = "Definition";
  readonly description =
    "Go to definition: where the symbol at `path` + `line`/`column` (1-based), or the symbol named `symbol` in `path`, is defined. Replies one `path:line:column: source line` per definition. Use it instead of Grep to find a function, type or variable.";
  protected readonly inputSchema: JsonSchema = positionSchema();

  protected async run(input: PositionInput, ctx: ToolContext): Promise<ToolOutput> {
    const notes: string[] = [];
    const target = await this.target(input.path, ctx, notes);
    const at = await locate(this.lsp, target.ready, target.path, input);
    const found = sortPositions(
      locationsOf(await at.ready.client.request("textDocument/definition", at.params)),
    );
    if (found.length === 0) return ToolOutput.text(withNotes(notes, "No definition found."));
    const lines = await Promise.all(found.map((p) => this.describe(p)));
    return ToolOutput.text(withNotes(notes, lines.join("\n")));
  }
}
