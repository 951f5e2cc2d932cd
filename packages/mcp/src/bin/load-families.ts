import type { Tool, Workspace } from "@toolkit/core";
import type { FamilyFlag } from "./parse-args.js";

/** The package and factory behind each family flag. */
export const FAMILIES: Readonly<Record<FamilyFlag, { pkg: string; factory: string }>> = {
  fs: { pkg: "@toolkit/fs", factory: "createFsTools" },
  search: { pkg: "@toolkit/search", factory: "createSearchTools" },
  shell: { pkg: "@toolkit/shell", factory: "createShellTools" },
  "web-fetch": { pkg: "@toolkit/web-fetch", factory: "createWebFetchTools" },
};

/** A family's package is not installed; the message names it. */
export class MissingFamilyError extends Error {
  override readonly name = "MissingFamilyError";
}

/** Loads a module by specifier; `import()` unless a test swaps it. */
export type Importer = (specifier: string) => Promise<unknown>;

/**
 * Loads each chosen family with a dynamic `import()` (the packages are
 * optional peer dependencies) and calls its factory with the workspace.
 * Throws a MissingFamilyError naming the package to install when one is absent.
 */
export async function loadFamilyTools({
  families,
  workspace,
  importer = (specifier) => import(specifier),
}: {
  families: readonly FamilyFlag[];
  workspace: Workspace;
  importer?: Importer;
}): Promise<Tool[]> {
  const tools: Tool[] = [];
  for (const flag of families) {
    const { pkg, factory } = FAMILIES[flag];
    let mod: unknown;
    try {
      mod = await importer(pkg);
    } catch (error) {
      if (isMissing(error, pkg)) {
        throw new MissingFamilyError(
          `--${flag} needs ${pkg}, which is not installed: run \`npm install ${pkg}\``,
          {
            cause: error,
          },
        );
      }
      throw error;
    }
    const create: unknown = typeof mod === "object" && mod !== null ? Reflect.get(mod, factory) : undefined;
    if (typeof create !== "function") {
      throw new TypeError(
        `${pkg} does not export ${factory}(); install a version of ${pkg} that matches @toolkit/mcp`,
      );
    }
    const made: unknown = create({ workspace });
    if (!Array.isArray(made)) throw new TypeError(`${pkg}: ${factory}() did not return an array of tools`);
    tools.push(...made);
  }
  return tools;
}

function isMissing(error: unknown, pkg: string): boolean {
  if (!(error instanceof Error)) return false;
  const code: unknown = Reflect.get(error, "code");
  return (
    (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && error.message.includes(`'${pkg}'`)
  );
}
