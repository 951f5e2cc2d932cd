import { type Tool, type ToolContext, ToolError } from "@toolkit/core";

/** One attached file: its canonical path, the contents read, and whether they were cut. */
export interface AttachedFile {
  readonly path: string;
  readonly contents: string;
  readonly truncated: boolean;
}

/** What `attachFiles` read, and which paths the budget left out. */
export interface Attachments {
  readonly files: readonly AttachedFile[];
  /** Paths not read because the byte budget was spent. */
  readonly skipped: readonly string[];
}

/**
 * Reads `paths` in order through `readFile` (Loom's `read_file`, so the fs
 * family's workspace containment, hard-link and encoding rules apply), each
 * with at most the bytes the budget has left. A path the tool refuses
 * (missing, outside the workspace, a directory) is a ToolError naming it.
 */
export async function attachFiles({
  paths,
  readFile,
  maxBytes,
  ctx,
}: {
  paths: readonly string[];
  readFile: Tool;
  maxBytes: number;
  ctx: ToolContext;
}): Promise<Attachments> {
  const files: AttachedFile[] = [];
  const skipped: string[] = [];
  let left = maxBytes;
  for (const [index, path] of paths.entries()) {
    if (left <= 0) {
      skipped.push(path);
      continue;
    }
    const output = await readFile.call({ path, max_bytes: left }, ctx);
    if (output.isError) {
      throw ToolError.invalidInput(`\`files[${index}]\` (${JSON.stringify(path)}): ${output.textContent()}`, {
        advice:
          "Attach only files that exist in the workspace (list them with list_files), or leave `files` out.",
      });
    }
    const file = parseReadFile(output.structuredValue() ?? JSON.parse(output.textContent()));
    files.push(file);
    left -= Buffer.byteLength(file.contents, "utf8");
  }
  return { files, skipped };
}

/** The `{path, contents, truncated}` reply of read_file; anything else is a bug in the composition. */
function parseReadFile(value: unknown): AttachedFile {
  if (
    value !== null &&
    typeof value === "object" &&
    "path" in value &&
    typeof value.path === "string" &&
    "contents" in value &&
    typeof value.contents === "string" &&
    "truncated" in value &&
    typeof value.truncated === "boolean"
  ) {
    return { path: value.path, contents: value.contents, truncated: value.truncated };
  }
  throw new TypeError(`oracle: read_file replied ${JSON.stringify(value)}, not {path, contents, truncated}`);
}
