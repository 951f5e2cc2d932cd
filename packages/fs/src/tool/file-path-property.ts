import type { JsonSchema } from "@toolkit/core";

/**
 * The input-schema property of the file a tool works on (`file_path` in the
 * fs tools, `path` in the Loom tools): a path relative to the workspace root
 * or absolute inside it.
 */
export const FILE_PATH_PROPERTY: JsonSchema = {
  type: "string",
  description: "The file, relative to the workspace root or absolute inside it.",
};
