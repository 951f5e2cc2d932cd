import { isAbsolute, relative as relativePath } from "node:path";
import { type FileSource, type JsonSchema, type ToolContext, ToolOutput, Workspace } from "@toolkit/core";
import { spillIfLarge } from "../output/spill.js";
import { toFileSource } from "../source/legacy-source.js";
import { DEFAULT_SPILL_BYTES, type SearchToolOptions } from "../tool/options.js";
import { resolveTarget, type SearchTarget } from "../tool/resolve-target.js";
import { SearchTool } from "../tool/search-tool.js";
import { checkGlob } from "./check-glob.js";
import { listMatches, staticBase } from "./list-matches.js";
import { sortMatches } from "./sort-matches.js";

/** Input of Glob. */
export interface GlobInput {
  pattern: string;
  path?: string;
  sort?: "path" | "mtime";
  limit?: number;
}

/** Options of Glob. */
export interface GlobOptions extends SearchToolOptions {
  /** Paths listed at most when the call gives no `limit`. @default 1000 */
  defaultLimit?: number;
}

const SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    pattern: { type: "string", description: 'Glob such as "**/*.ts" or "src/**/*.{ts,tsx}".' },
    path: { type: "string", description: "Directory to search in (default: the workspace root)." },
    sort: {
      type: "string",
      enum: ["path", "mtime"],
      description: '"path" (default) or "mtime" (newest first).',
    },
    limit: { type: "integer", minimum: 1, description: "Most paths to list (default 1000)." },
  },
  required: ["pattern"],
  additionalProperties: false,
};

/**
 * Glob: file paths matching a glob, relative to the workspace, honouring
 * `.gitignore`, skipping `.git` and hidden entries unless the pattern names them.
 */
export class Glob extends SearchTool<GlobInput> {
  readonly name = "Glob";
  readonly description =
    "Find files by name with a glob pattern (e.g. **/*.ts). Returns matching paths relative to the workspace, " +
    "sorted by path (or by modification time, newest first). Honours .gitignore; hidden files only when the pattern names them.";
  protected readonly inputSchema = SCHEMA;
  readonly #workspace: Workspace | undefined;
  readonly #source: FileSource;
  readonly #spillBytes: number;
  readonly #defaultLimit: number;

  constructor(options: GlobOptions = {}) {
    super();
    const { spillBytes = DEFAULT_SPILL_BYTES, defaultLimit = 1000 } = options;
    this.#workspace = options.workspace;
    this.#source = toFileSource(options.source);
    this.#spillBytes = spillBytes;
    this.#defaultLimit = defaultLimit;
  }

  protected async run(input: GlobInput, ctx: ToolContext): Promise<ToolOutput> {
    const workspace = Workspace.from(ctx, this.#workspace);
    // An absolute pattern must lie inside the workspace and is then matched from the root.
    const absolute = isAbsolute(input.pattern);
    const raw = absolute
      ? relativePath(workspace.root, workspace.lexical(input.pattern, "pattern"))
      : input.pattern;
    const pattern = checkGlob({ pattern: raw });
    const source = this.#source;
    const target = await resolveTarget({ workspace, source, ctx, path: absolute ? undefined : input.path });
    await checkStaticBase(workspace, source, target, pattern);
    const paths = await listMatches({
      source: this.#source,
      target,
      pattern,
      signal: ctx.signal,
      ...(ctx.hasProgressListener ? { progress: (u) => ctx.progress(u) } : {}),
    });
    if (paths.length === 0) return ToolOutput.text(`No files found matching pattern: ${input.pattern}`);
    const sorted = await sortMatches({
      source: this.#source,
      root: target.root,
      paths,
      by: input.sort ?? "path",
    });
    const limit = input.limit ?? this.#defaultLimit;
    let text = sorted.slice(0, limit).join("\n");
    if (sorted.length > limit) {
      text += `\n(Showing the first ${limit} of ${sorted.length} files; narrow the pattern or raise \`limit\`.)`;
    }
    return ToolOutput.text(await spillIfLarge({ text, ctx, maxBytes: this.#spillBytes, prefix: "glob" }));
  }
}

/**
 * The directories a pattern names before its first wildcard (`etclink` in
 * `etclink/*`) are a path like any other: one that leads out of the
 * workspace, through a symlink or otherwise, is refused as Grep, CodeSearch
 * and Tree refuse such a `path`. (The walk itself never enters a symlink.)
 */
async function checkStaticBase(
  workspace: Workspace,
  source: FileSource,
  target: SearchTarget,
  pattern: string,
): Promise<void> {
  const base = staticBase(pattern);
  if (base === "" || !target.isDir) return;
  await source.resolve(workspace, target.relative === "" ? base : `${target.relative}/${base}`, "pattern");
}
