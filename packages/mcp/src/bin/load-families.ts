import type { Tool, Workspace } from "@toolkit/core";
import { type Importer, loadFamilyTools as loadShared } from "@toolkit/registry/families";
import type { FamilyFlag } from "./parse-args.js";

export { type Importer, MissingFamilyError } from "@toolkit/registry/families";

/**
 * Loads each chosen family with a dynamic `import()` from this package (the
 * family packages are its optional peer dependencies) and calls its factory
 * with the workspace. Throws a MissingFamilyError naming the package to
 * install when one is absent.
 */
export function loadFamilyTools({
  families,
  workspace,
  importer = (specifier) => import(specifier),
}: {
  families: readonly FamilyFlag[];
  workspace: Workspace;
  importer?: Importer;
}): Promise<Tool[]> {
  return loadShared({ families, workspace, importer, bin: "@toolkit/mcp" });
}
