import { type JsonSchema, type ToolContext, ToolOutput } from "@toolkit/core";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { formatDiagnostic } from "../diagnostics/format-diagnostic.js";
import type { ReadyServer } from "../session/lsp.js";
import { LspTool, withNotes } from "./lsp-tool.js";

/** Input of Diagnostics: one file, or the whole project when absent. */
export interface DiagnosticsInput {
  path?: string;
}

/** Most diagnostic lines in one reply. */
const MAX_LINES = 200;

/** Diagnostics: the current errors and warnings of one file, or of every project file. */
export class Diagnostics extends LspTool<DiagnosticsInput> {
  readonly name = "Diagnostics";
  readonly description =
    "Diagnostics: the current errors and warnings the language server reports for `path`, or for every file of the project when `path` is left out. One `path:line:column severity code message` line each (1-based).";
  protected readonly inputSchema: JsonSchema = {
    type: "object",
    properties: { path: { type: "string", description: "A file; leave out for the whole project." } },
    additionalProperties: false,
  };

  protected async run(input: DiagnosticsInput, ctx: ToolContext): Promise<ToolOutput> {
    const notes: string[] = [];
    const found: Diagnostic[] = [];
    let pending = 0;
    const read = async (ready: ReadyServer, file: string) => {
      const d = await this.lsp.diagnosticsOf(ready, file, this.lsp.startTimeoutMs);
      if (d === undefined) pending += 1;
      else found.push(...d.filter((x) => x.severity === "error" || x.severity === "warning"));
    };
    if (input.path !== undefined) {
      const target = await this.target(input.path, ctx, notes);
      await read(target.ready, target.path);
    } else {
      for (const first of await this.lsp.firstFiles()) {
        const ready = await this.lsp.acquire(first);
        if (!ready.ok) {
          if (ready.message !== "") notes.push(ready.message);
          continue;
        }
        notes.push(...ready.notes);
        for (const file of await this.lsp.projectFiles(ready)) await read(ready, file);
      }
    }
    const lines = found.slice(0, MAX_LINES).map((d) => formatDiagnostic(d, this.lsp.root));
    if (found.length > MAX_LINES) lines.push(`... and ${found.length - MAX_LINES} more`);
    if (pending > 0) lines.push(`Diagnostics pending for ${pending} file${pending === 1 ? "" : "s"}.`);
    return ToolOutput.text(
      withNotes(notes, lines.length === 0 ? "No errors or warnings." : lines.join("\n")),
    );
  }
}
