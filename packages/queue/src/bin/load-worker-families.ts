import type { Tool, Workspace } from "@toolkit/core";
import { loadFamilyTools } from "@toolkit/registry/families";
import type { WorkerFamily } from "./parse-worker-args.js";

/**
 * Loads each chosen family with a dynamic `import()` from this package (the
 * family packages are its optional peer dependencies) and calls its factory
 * with the workspace. Throws a MissingFamilyError naming the package to
 * install when one is absent.
 */
export function loadWorkerFamilies(families: readonly WorkerFamily[], workspace: Workspace): Promise<Tool[]> {
  return loadFamilyTools({
    families,
    workspace,
    importer: (specifier) => import(specifier),
    bin: "@toolkit/queue",
  });
}
