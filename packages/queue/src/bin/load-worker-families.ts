import type { Tool, Workspace } from "@toolkit/core";
import type { WorkerFamily } from "./parse-worker-args.js";

/** The package and factory behind each family flag (the same ones toolkit-mcp serves). */
const FAMILIES: Readonly<Record<WorkerFamily, { pkg: string; factory: string }>> = {
  fs: { pkg: "@toolkit/fs", factory: "createFsTools" },
  search: { pkg: "@toolkit/search", factory: "createSearchTools" },
  shell: { pkg: "@toolkit/shell", factory: "createShellTools" },
};

/**
 * Loads each chosen family with a dynamic `import()` (optional peers) and
 * calls its factory with the workspace. Throws an Error naming the package
 * to install when one is absent.
 */
export async function loadWorkerFamilies(
  families: readonly WorkerFamily[],
  workspace: Workspace,
): Promise<Tool[]> {
  const tools: Tool[] = [];
  for (const flag of families) {
    const { pkg, factory } = FAMILIES[flag];
    let mod: unknown;
    try {
      mod = await import(pkg);
    } catch (error) {
      throw new Error(`--${flag} needs ${pkg}, which could not be loaded: run \`npm install ${pkg}\``, {
        cause: error,
      });
    }
    const create: unknown = typeof mod === "object" && mod !== null ? Reflect.get(mod, factory) : undefined;
    if (typeof create !== "function") throw new TypeError(`${pkg} does not export ${factory}()`);
    const made: unknown = create({ workspace });
    if (!Array.isArray(made)) throw new TypeError(`${pkg}: ${factory}() did not return an array of tools`);
    tools.push(...made);
  }
  return tools;
}
