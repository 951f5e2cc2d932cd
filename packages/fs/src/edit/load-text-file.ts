import { ToolError } from "@toolkit/core";
import type { OpenFile } from "../source/file-source.js";
import type { ResolvedFsOptions } from "../tool/fs-options.js";
import { isCrlf, toLf } from "../text/line-endings.js";
import { formatBytes } from "../text/line-format.js";
import { hashBytes, type StaleGuard } from "../tool/stale-guard.js";
import { openTarget } from "../target/open-target.js";
import type { Target } from "../target/target.js";
import { decodeText, type TextEncoding } from "../text/text-codec.js";

/** A text file loaded for editing: `\n` line ends, and how to write it back. */
export interface LoadedText {
  text: string;
  crlf: boolean;
  encoding: TextEncoding;
  bytes: number;
  version: string;
  /** The file's bytes as read (to put back unchanged). */
  raw: Uint8Array;
  /** The file's permission bits. */
  mode: number;
  /** The SHA-256 (hex) of `raw`, when the stale guard's check computed it. */
  sha256?: string;
}

/** Options for `loadTextFile`. */
export interface LoadTextFileOptions {
  fs: ResolvedFsOptions;
  target: Target;
  pathField: string;
  /** The tool's wire name, for messages. */
  tool: string;
  /** Larger files are refused. */
  maxFileBytes: number;
  /** When given, the file must be fresh in this guard. */
  guard?: StaleGuard;
}

/**
 * Reads a whole text file for editing: refuses one over the size limit, one
 * the stale guard rejects, and one that is not valid text (never decoded
 * with replacement characters). CRLF files come back with `\n` line ends.
 */
export async function loadTextFile(o: LoadTextFileOptions): Promise<LoadedText> {
  const { target } = o;
  const file = await openTarget(o.fs, target, o.pathField, o.tool);
  try {
    return await loadOpened(o, file);
  } finally {
    await file.close();
  }
}

async function loadOpened(o: LoadTextFileOptions, file: OpenFile): Promise<LoadedText> {
  const { target, guard } = o;
  const { stat } = file;
  if (stat.size > o.maxFileBytes) {
    throw ToolError.invalidInput(
      `${target.shown} is ${formatBytes(stat.size)}, over the ${formatBytes(o.maxFileBytes)} edit limit`,
      {
        advice: "Edit a smaller file, or change this one with a shell command.",
      },
    );
  }
  const bytes = await file.readAll();
  // Hashed here when the guard compares hashes, so that the caller can reuse the digest.
  const sha256 = guard?.get(target.path.real)?.hash !== undefined ? hashBytes(bytes) : undefined;
  if (guard)
    await guard.assertFresh(target.path.real, target.shown, {
      version: stat.version,
      ...(sha256 === undefined ? { bytes: async () => bytes } : { hash: sha256 }),
    });
  const decoded = decodeText(bytes);
  if (!decoded) {
    throw ToolError.invalidInput(
      `${target.shown} is not valid text (binary, or not UTF-8/UTF-16); it was not changed`,
      {
        advice: "Only text files can be edited; choose another file.",
      },
    );
  }
  const crlf = isCrlf(decoded.text);
  return {
    text: crlf ? toLf(decoded.text) : decoded.text,
    crlf,
    encoding: decoded.encoding,
    bytes: bytes.length,
    version: stat.version,
    raw: bytes,
    mode: stat.mode,
    ...(sha256 === undefined ? {} : { sha256 }),
  };
}
