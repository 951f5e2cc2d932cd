import { createToolContext, type ToolContext } from "@toolkit/core";

/** A tool context rooted at `cwd` whose temp dir lives inside `tempBase`. */
export function contextFor(
  cwd: string,
  options: { tempDir?: string; signal?: AbortSignal } = {},
): ToolContext {
  return createToolContext({ cwd, ...options });
}
