import {
  adviceFor,
  type JsonSchema,
  LoomToolError,
  Retention,
  type ToolContext,
  ToolOutput,
  checkKnownFields,
} from "@toolkit/core";
import type { OpenFile } from "../source/file-source.js";
import { openTarget } from "../target/open-target.js";
import { LOOM_ALIASES } from "../tool/field-aliases.js";
import { type FsToolOptions, type ResolvedFsOptions, resolveFsOptions } from "../tool/fs-options.js";
import { fsResourceKey } from "../tool/resource-key.js";
import { LoomFsTool } from "./loom-fs-tool.js";
import { loomTarget, requireExisting } from "./loom-target.js";
import { utf8Lossy } from "./utf8-lossy.js";

interface ReadFileInput {
  path: string;
  max_bytes?: number;
}

/** Default `max_bytes`: Loom's 1 MB (`DEFAULT_MAX_BYTES = 1024 * 1024`). */
const DEFAULT_MAX_BYTES = 1024 * 1024;
/** Largest `max_bytes` accepted: the reply holds the contents as one JSON string. */
export const LARGEST_MAX_BYTES = 16 * 1024 * 1024;

/** The Loom document's description and input schema, as it shows them. */
const DESCRIPTION = "Read file contents from the workspace.";
const SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    path: {
      type: "string",
      description: "Path to the file to read (absolute or relative to workspace)",
    },
    max_bytes: {
      type: "integer",
      description: "Maximum number of bytes to read (default: 1MB)",
    },
  },
  required: ["path"],
};

/**
 * Loom's `read_file`: `{path, max_bytes?}` to `{path, contents, truncated}`.
 * `path` is the canonical path; `truncated` is the file's size in bytes
 * (a BOM counted) against `max_bytes`; the first `max_bytes` bytes are read
 * (never more) and decoded as `String::from_utf8_lossy` does.
 */
export class ReadFile extends LoomFsTool<ReadFileInput> {
  readonly #o: ResolvedFsOptions;

  constructor(options: FsToolOptions = {}) {
    super({
      name: "read_file",
      description: DESCRIPTION,
      inputSchema: SCHEMA,
      aliases: LOOM_ALIASES,
      retention: Retention.Requery,
    });
    this.#o = resolveFsOptions(options);
  }

  isReadOnly(): boolean {
    return true;
  }
  isConcurrencySafe(): boolean {
    return true;
  }
  resourceKey(input: unknown): string | undefined {
    return fsResourceKey(input, ["path", "file_path"], this.#o.workspace);
  }

  protected async runLoom(input: ReadFileInput, ctx: ToolContext): Promise<ToolOutput> {
    checkKnownFields(input, ["path", "max_bytes"]);
    const maxBytes = input.max_bytes ?? DEFAULT_MAX_BYTES;
    checkMaxBytes(maxBytes);
    const target = await loomTarget(ctx, this.#o, input.path);
    requireExisting(target);
    if (target.stat?.kind === "directory") {
      throw LoomToolError.invalidArguments(`\`path\` "${target.shown}" is a directory, not a file`, {
        advice: "read_file reads files; use list_files to list a directory.",
      });
    }
    const file = await openTarget(this.#o, target, "path", "read_file");
    const size = file.stat.size;
    const head = await readHead(file, Math.min(size, maxBytes), ctx.signal).finally(() => file.close());
    return ToolOutput.structured({ path: file.path, contents: utf8Lossy(head), truncated: size > maxBytes });
  }
}

function checkMaxBytes(maxBytes: number): void {
  if (maxBytes >= 0 && maxBytes <= LARGEST_MAX_BYTES) return;
  throw LoomToolError.invalidArguments(
    maxBytes < 0
      ? `max_bytes must not be negative, got ${maxBytes}`
      : `max_bytes must be at most ${LARGEST_MAX_BYTES} (16 MiB), got ${maxBytes}`,
    { advice: adviceFor("InvalidInput") },
  );
}

/** The first `bytes` bytes of the open file (fewer when it is shorter now). */
async function readHead(file: OpenFile, bytes: number, signal: AbortSignal): Promise<Uint8Array> {
  if (bytes === 0) return new Uint8Array(0);
  const parts: Uint8Array[] = [];
  let have = 0;
  for await (const chunk of file.readChunks({ chunkBytes: Math.min(bytes, 1 << 20), signal, end: bytes })) {
    const take = Math.min(chunk.length, bytes - have);
    parts.push(chunk.slice(0, take));
    have += take;
    if (have >= bytes) break;
  }
  return Buffer.concat(parts);
}
