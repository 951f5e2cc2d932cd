import { type JsonSchema, Retention, type ToolContext, ToolOutput } from "@toolkit/core";
import { LOOM_ALIASES } from "../tool/field-aliases.js";
import type { OpenFile } from "../source/file-source.js";
import { FILE_PATH_PROPERTY } from "../tool/file-path-property.js";
import { type FsToolOptions, type ResolvedFsOptions, resolveFsOptions } from "../tool/fs-options.js";
import { FsTool } from "../tool/fs-tool.js";
import { fsResourceKey } from "../tool/resource-key.js";
import { binaryFile } from "../read/scan-file.js";
import { openTarget } from "../target/open-target.js";
import { resolveTarget } from "../target/target.js";
import { bomLength, SNIFF_BYTES, sniffEncoding, type TextEncoding } from "../text/text-codec.js";

interface ReadFileInput {
  path: string;
  max_bytes?: number;
}

/** Default `max_bytes`. */
const DEFAULT_MAX_BYTES = 1024 * 1024;
/** Largest `max_bytes` accepted: the reply holds the contents as one JSON string. */
const LARGEST_MAX_BYTES = 16 * 1024 * 1024;

const SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    path: FILE_PATH_PROPERTY,
    max_bytes: {
      type: "integer",
      minimum: 1,
      maximum: LARGEST_MAX_BYTES,
      description: "Read at most this many bytes. Default 1048576 (1 MiB), at most 16777216 (16 MiB).",
    },
  },
  required: ["path"],
  additionalProperties: false,
};

/**
 * Loom's `read_file`: `{path, max_bytes?}` to `{path, contents, truncated}`.
 * Reads only the first `max_bytes` bytes and cuts on a character boundary.
 */
export class ReadFile extends FsTool<ReadFileInput> {
  readonly #o: ResolvedFsOptions;

  constructor(options: FsToolOptions = {}) {
    super({
      name: "read_file",
      description:
        "Reads a text file and returns JSON {path, contents, truncated}, where path is the file's canonical absolute path. At most max_bytes bytes (default 1 MiB) are returned, cut on a character boundary; truncated says whether the file was longer.",
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

  protected async run(input: ReadFileInput, ctx: ToolContext): Promise<ToolOutput> {
    const maxBytes = input.max_bytes ?? DEFAULT_MAX_BYTES;
    const target = await resolveTarget(ctx, this.#o, input.path, "path");
    const file = await openTarget(this.#o, target, "path", "read_file");
    const { stat } = file;
    const head = await readHead(file, maxBytes + 4, ctx.signal).finally(() => file.close());
    const encoding = sniffEncoding(head.subarray(0, SNIFF_BYTES));
    if (encoding === undefined) throw binaryFile(target.shown, stat.size);
    const body = head.subarray(bomLength(encoding));
    const limit = Math.min(maxBytes, body.length);
    const contents = decodePrefix(body, limit, encoding);
    return ToolOutput.structured({ path: file.path, contents, truncated: body.length > maxBytes });
  }
}

async function readHead(file: OpenFile, bytes: number, signal: AbortSignal): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let have = 0;
  for await (const chunk of file.readChunks({ chunkBytes: Math.min(bytes, 1 << 20), signal, end: bytes })) {
    parts.push(chunk.slice(0, bytes - have));
    have += Math.min(chunk.length, bytes - have);
    if (have >= bytes) break;
  }
  return Buffer.concat(parts);
}

/** Decodes the first `limit` bytes without splitting a character. */
function decodePrefix(body: Uint8Array, limit: number, encoding: TextEncoding): string {
  if (encoding === "utf8" || encoding === "utf8-bom") {
    let end = limit;
    if (end < body.length) while (end > 0 && ((body[end] ?? 0) & 0xc0) === 0x80) end--;
    return Buffer.from(body.buffer, body.byteOffset, end).toString("utf8");
  }
  const even = limit - (limit % 2);
  const text = new TextDecoder(encoding === "utf16le" ? "utf-16le" : "utf-16be").decode(
    body.subarray(0, even),
  );
  const last = text.charCodeAt(text.length - 1);
  return even < body.length && last >= 0xd800 && last <= 0xdbff ? text.slice(0, -1) : text;
}
