import type { ShellOptions } from "../tools/shell-options.js";
import { LoomBash } from "./bash.js";

/**
 * The Loom-shaped shell tools: `bash` only, on the same backend, workspace
 * and environment rules as Shell.
 *
 * @example
 * import { createLoomTools } from "@toolkit/shell/loom";
 * for (const tool of createLoomTools()) registry.register(tool);
 */
export function createLoomTools(options: ShellOptions = {}): [LoomBash] {
  return [new LoomBash(options)];
}
