import { type JsonSchema, type ToolContext, ToolOutput } from "@toolkit/core";
import type { PositionInput } from "./lsp-input.js";
import { positionSchema } from "./lsp-input.js";
import { LspTool, withNotes } from "./lsp-tool.js";
import { locate, locationsOf, sortPositions } from "./locate.js";

/** Most references listed in one reply. */
const MAX_REFERENCES = 200;

/**
 * References: every place the symbol at a position (or named `symbol`) is
 * used, its declaration included, one `path:line:column: text` line each.
 */
export class References extends LspTool<PositionInput> {
  readonly name = "References";
  readonly description =
    "Find references: every use of the symbol at `path` + `line`/`column` (1-based), or of the symbol named `symbol` in `path`, across the project, its declaration included. Replies `N references:` then one `path:line:column: source line` each.";
  protected readonly inputSchema: JsonSchema = positionSchema();

  protected async run(input: PositionInput, ctx: ToolContext): Promise<ToolOutput> {
    const notes: string[] = [];
    const target = await this.target(input.path, ctx, notes);
    const at = await locate(this.lsp, target.ready, target.path, input);
    const result = await at.ready.client.request("textDocument/references", {
      ...at.params,
      context: { includeDeclaration: true },
    });
    const found = sortPositions(locationsOf(result));
    if (found.length === 0) return ToolOutput.text(withNotes(notes, "No references found."));
    const lines = await Promise.all(found.slice(0, MAX_REFERENCES).map((p) => this.describe(p)));
    if (found.length > MAX_REFERENCES) lines.push(`... and ${found.length - MAX_REFERENCES} more`);
    const head = `${found.length} reference${found.length === 1 ? "" : "s"}:`;
    return ToolOutput.text(withNotes(notes, [head, ...lines].join("\n")));
  }
}
