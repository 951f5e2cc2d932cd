import { type JsonSchema, type ToolContext, ToolError, ToolOutput, Workspace } from "@toolkit/core";
import { hashBytes, StaleGuard } from "@toolkit/fs";
import { applyTextEdits, type TextEdit } from "../edits/apply-text-edits.js";
import { fileEditsOf } from "../edits/workspace-edit.js";
import { type PositionInput, positionSchema } from "./lsp-input.js";
import { LspTool, withNotes } from "./lsp-tool.js";
import { locate } from "./locate.js";

/** Input of Rename: a position (or symbol) and the new name. */
export interface RenameInput extends PositionInput {
  newName: string;
}

interface PlannedFile {
  readonly path: string;
  readonly shown: string;
  readonly realRoot: string;
  readonly version: string;
  readonly before: Uint8Array;
  readonly after: Uint8Array;
  readonly edits: number;
}

/**
 * Rename: renames a symbol across the project with the server's edit,
 * written through the file source (atomic, each file checked against the
 * workspace and against what this session read of it). All files or none:
 * a failed write puts back the files already written.
 */
export class Rename extends LspTool<RenameInput> {
  readonly name = "Rename";
  readonly description =
    "Rename a symbol everywhere it is used: the symbol at `path` + `line`/`column` (1-based), or named `symbol` in `path`, becomes `newName` in every file of the project. Replies with the files changed and the number of edits in each.";
  protected readonly inputSchema: JsonSchema = positionSchema(
    { newName: { type: "string", description: "The new name." } },
    ["newName"],
  );

  override isReadOnly(): boolean {
    return false;
  }
  override isConcurrencySafe(): boolean {
    return false;
  }

  protected async run(input: RenameInput, ctx: ToolContext): Promise<ToolOutput> {
    if (!/^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(input.newName)) {
      throw ToolError.invalidInput(`\`newName\` must be an identifier; got ${JSON.stringify(input.newName)}`);
    }
    const notes: string[] = [];
    const target = await this.target(input.path, ctx, notes);
    const at = await locate(this.lsp, target.ready, target.path, input);
    const edit = await at.ready.client.request("textDocument/rename", {
      ...at.params,
      newName: input.newName,
    });
    const grouped = fileEditsOf(edit);
    if (!grouped.ok) throw ToolError.execution(`${grouped.reason}; nothing was written`);
    if (grouped.files.size === 0) {
      throw ToolError.execution("the server found nothing to rename at that position; nothing was written", {
        advice: "Point at the symbol's name (Symbols lists positions), or pass `symbol`.",
      });
    }
    const planned = await this.#plan(grouped.files, ctx);
    await this.#write(planned, ctx);
    for (const p of planned) await this.lsp.syncFromDisk(at.ready.client, p.path);
    const total = planned.reduce((n, p) => n + p.edits, 0);
    const lines = planned.map((p) => `M ${p.shown} (${p.edits} edit${p.edits === 1 ? "" : "s"})`);
    const head = `Renamed to ${input.newName}: ${total} edit${total === 1 ? "" : "s"} in ${planned.length} file${planned.length === 1 ? "" : "s"}.`;
    return ToolOutput.text(withNotes(notes, [head, ...lines].join("\n")));
  }

  async #plan(files: ReadonlyMap<string, TextEdit[]>, ctx: ToolContext) {
    const workspace = Workspace.from(ctx, this.workspace);
    const guard = StaleGuard.of(ctx);
    const planned: PlannedFile[] = [];
    for (const [path, edits] of [...files.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const shown = this.shown(path);
      const resolved = await this.source.resolve(workspace, path, "path");
      const realRoot = await this.source.realRoot(workspace);
      const stat = await this.source.stat(resolved.real);
      if (stat?.kind !== "file") throw ToolError.fileNotFound(shown);
      const before = await this.source.read(resolved.real, { realRoot, signal: ctx.signal });
      if (guard.get(resolved.real)) {
        await guard.assertFresh(resolved.real, shown, { version: stat.version, bytes: async () => before });
      }
      const text = Buffer.from(before).toString("utf8");
      const applied = applyTextEdits(text, edits);
      if (!applied.ok) throw ToolError.execution(`in ${shown}, ${applied.reason}; nothing was written`);
      planned.push({
        path: resolved.real,
        shown,
        realRoot,
        version: stat.version,
        before,
        after: Buffer.from(applied.text, "utf8"),
        edits: edits.length,
      });
    }
    return planned;
  }

  async #write(planned: readonly PlannedFile[], ctx: ToolContext): Promise<void> {
    const guard = StaleGuard.of(ctx);
    const written: PlannedFile[] = [];
    try {
      for (const p of planned) {
        await this.source.writeFile(p.path, p.after, {
          realRoot: p.realRoot,
          expectVersion: p.version,
          shown: p.shown,
          signal: ctx.signal,
        });
        written.push(p);
      }
    } catch (error) {
      // All or nothing: put back what was already renamed.
      for (const p of written.reverse()) {
        await this.source
          .writeFile(p.path, p.before, { realRoot: p.realRoot, shown: p.shown })
          .catch(() => {});
      }
      throw error;
    }
    for (const p of planned) {
      const stat = await this.source.stat(p.path);
      if (stat) guard.record(p.path, { version: stat.version, hash: hashBytes(p.after) });
    }
  }
}
