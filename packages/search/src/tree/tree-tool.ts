import {
  type FileSource,
  type JsonSchema,
  type ToolContext,
  ToolError,
  ToolOutput,
  Workspace,
} from "@toolkit/core";
import { toFileSource } from "../source/legacy-source.js";
import { spillIfLarge } from "../output/spill.js";
import { DEFAULT_SPILL_BYTES, type SearchToolOptions } from "../tool/options.js";
import { resolveTarget } from "../tool/resolve-target.js";
import { SearchTool } from "../tool/search-tool.js";
import { walk } from "../walk/walker.js";
import { renderTree, type TreeEntry } from "./render-tree.js";

/** Input of Tree. */
export interface TreeInput {
  path?: string;
  max_depth?: number;
}

/** Options of Tree. */
export interface TreeOptions extends SearchToolOptions {
  /** Entries drawn at most. @default 1000 */
  maxEntries?: number;
}

const SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    path: { type: "string", description: "Directory to draw (default: the workspace root)." },
    max_depth: {
      type: "integer",
      minimum: 1,
      maximum: 50,
      description: "Levels to descend (default 3, 1-50).",
    },
  },
  additionalProperties: false,
};

/** Tree: a directory drawn with box characters, directories first, honouring `.gitignore`. */
export class Tree extends SearchTool<TreeInput> {
  readonly name = "Tree";
  readonly description =
    "Show the directory structure as a tree (directories first, then files, alphabetical), honouring .gitignore. " +
    "Use max_depth (default 3) to see more or less.";
  protected readonly inputSchema = SCHEMA;
  readonly #workspace: Workspace | undefined;
  readonly #source: FileSource;
  readonly #maxEntries: number;
  readonly #spillBytes: number;

  constructor(options: TreeOptions = {}) {
    super();
    this.#workspace = options.workspace;
    this.#source = toFileSource(options.source);
    this.#maxEntries = options.maxEntries ?? 1000;
    this.#spillBytes = options.spillBytes ?? DEFAULT_SPILL_BYTES;
  }

  protected async run(input: TreeInput, ctx: ToolContext): Promise<ToolOutput> {
    const workspace = Workspace.from(ctx, this.#workspace);
    const target = await resolveTarget({ workspace, source: this.#source, ctx, path: input.path });
    if (!target.isDir) {
      throw ToolError.invalidInput(`\`path\` "${input.path}" is a file; Tree draws directories`, {
        advice: "Pass a directory as `path`, or use Read to see the file.",
      });
    }
    const maxDepth = input.max_depth ?? 3;
    const prefix = target.relative === "" ? "" : `${target.relative}/`;
    const entries: TreeEntry[] = [];
    for await (const batch of walk({
      source: this.#source,
      root: target.root,
      start: target.relative,
      maxDepth,
      includeDirs: true,
      signal: ctx.signal,
    })) {
      for (const e of batch)
        entries.push({ path: e.relative.slice(prefix.length), isDir: e.kind === "directory" });
    }
    const tree = renderTree({ entries, maxEntries: this.#maxEntries });
    const head = target.relative === "" ? "." : `${target.relative}/`;
    const lines = [head, ...tree.lines];
    if (tree.shown < entries.length) {
      lines.push(
        `(Showing ${tree.shown} of ${entries.length} entries; pass a subdirectory as \`path\` or a smaller \`max_depth\`.)`,
      );
    }
    lines.push(
      "",
      `${plural(tree.directories, "directory", "directories")}, ${plural(tree.files, "file", "files")}`,
    );
    const maxBytes = this.#spillBytes;
    return ToolOutput.text(await spillIfLarge({ text: lines.join("\n"), ctx, maxBytes, prefix: "tree" }));
  }
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
