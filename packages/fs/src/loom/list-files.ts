import {
  adviceFor,
  type JsonSchema,
  LoomToolError,
  Retention,
  type ToolContext,
  ToolError,
  ToolOutput,
  checkKnownFields,
} from "@toolkit/core";
import { LOOM_ALIASES } from "../tool/field-aliases.js";
import {
  type FsToolOptions,
  positiveInteger,
  type ResolvedFsOptions,
  resolveFsOptions,
} from "../tool/fs-options.js";
import { resolveTarget } from "../target/target.js";
import { LoomFsTool } from "./loom-fs-tool.js";
import { loomTarget, requireExisting } from "./loom-target.js";

/** Options for `ListFiles`. */
export interface ListFilesOptions extends FsToolOptions {
  /** Listings stop after this many entries and say `truncated: true`. @default 10000 */
  maxEntries?: number;
}

interface ListFilesInput {
  path?: string;
  recursive?: boolean;
  max_depth?: number;
}

interface Listed {
  path: string;
  size: number;
  is_dir: boolean;
}

/** Loom's depth limit: the default, and the most accepted ("list_files depth: 10 levels"). */
const MAX_DEPTH = 10;

/** The Loom document's description and fields, as it shows them. */
const DESCRIPTION = "List files in a directory (glob-like functionality).";
const SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    path: { type: "string", description: "Directory path (default: workspace root)" },
    recursive: { type: "boolean", description: "List files recursively (default: false)" },
    max_depth: { type: "integer", description: "Maximum recursion depth (default: 10)" },
  },
};

/**
 * Loom's `list_files`: `{path?, recursive?, max_depth?}` to `{files: [{path,
 * size, is_dir}]}`, paths relative to the workspace root, sorted. Symlinks
 * that lead outside the workspace are left out; linked directories are not
 * descended into.
 */
export class ListFiles extends LoomFsTool<ListFilesInput> {
  readonly #o: ResolvedFsOptions & { readonly maxEntries: number };

  constructor(options: ListFilesOptions = {}) {
    super({
      name: "list_files",
      description: DESCRIPTION,
      inputSchema: SCHEMA,
      aliases: LOOM_ALIASES,
      retention: Retention.Requery,
    });
    const { maxEntries = 10_000 } = options;
    positiveInteger("maxEntries", maxEntries);
    this.#o = { ...resolveFsOptions(options), maxEntries };
  }

  isReadOnly(): boolean {
    return true;
  }
  isConcurrencySafe(): boolean {
    return true;
  }

  protected async runLoom(input: ListFilesInput, ctx: ToolContext): Promise<ToolOutput> {
    checkKnownFields(input, ["path", "recursive", "max_depth"]);
    const { path = ".", recursive = false, max_depth: maxDepth = MAX_DEPTH } = input;
    if (maxDepth < 1 || maxDepth > MAX_DEPTH) {
      throw LoomToolError.invalidArguments(`max_depth must be between 1 and ${MAX_DEPTH}, got ${maxDepth}`, {
        advice: adviceFor("InvalidInput"),
      });
    }
    const target = await loomTarget(ctx, this.#o, path);
    requireExisting(target);
    if (target.stat?.kind !== "directory") {
      throw LoomToolError.invalidArguments(`\`path\` "${target.shown}" is a file, not a directory`, {
        advice: "Pass a directory to list_files, or use read_file for a file.",
      });
    }
    const files: Listed[] = [];
    const truncated = await this.#walk(
      ctx,
      target.realRoot,
      target.path.real,
      target.shown,
      recursive ? maxDepth : 1,
      files,
    );
    return ToolOutput.structured(truncated ? { files, truncated: true } : { files });
  }

  /**
   * Depth-first, sorted; returns true when `maxEntries` cut the listing. Each
   * directory is listed through a held, checked descriptor; kinds and sizes
   * come from that listing, never from following a path again.
   */
  async #walk(
    ctx: ToolContext,
    realRoot: string,
    real: string,
    shown: string,
    depth: number,
    out: Listed[],
  ): Promise<boolean> {
    const entries = await this.#o.source.list(real, { realRoot, sizes: true });
    for (const entry of entries) {
      if (out.length >= this.#o.maxEntries) return true;
      if (ctx.signal.aborted) throw ToolError.cancelled();
      const rel = shown === "." ? entry.name : `${shown}/${entry.name}`;
      const listed =
        entry.kind === "symlink"
          ? await this.#linked(ctx, rel)
          : { path: rel, size: entry.size ?? 0, is_dir: entry.kind === "directory" };
      if (!listed) continue;
      out.push(listed);
      const descend = entry.kind === "directory" && depth > 1;
      if (descend && (await this.#walk(ctx, realRoot, `${real}/${entry.name}`, rel, depth - 1, out)))
        return true;
    }
    return false;
  }

  /** A link, described by what it leads to once opened and checked; `undefined` when it leads outside or nowhere. */
  async #linked(ctx: ToolContext, rel: string): Promise<Listed | undefined> {
    try {
      const t = await resolveTarget(ctx, this.#o, rel, "path");
      if (!t.stat) return undefined;
      const file = await this.#o.source.open(t.path.real, { realRoot: t.realRoot });
      await file.close();
      return {
        path: rel,
        size: file.stat.kind === "file" ? file.stat.size : 0,
        is_dir: file.stat.kind === "directory",
      };
    } catch (error) {
      if (ToolError.is(error) && (error.kind === "Permission" || error.kind === "FileNotFound"))
        return undefined;
      throw error;
    }
  }
}
