import { type ToolContext, Workspace } from "@toolkit/core";

/** How many session roots a tool remembers before starting over. */
const MAX_ROOTS = 64;

/**
 * The workspace of a call: the one given as an option, else one rooted at
 * `ctx.cwd`, kept per root so its resolved real path is looked up once.
 */
export class WorkspaceCache {
  readonly #fixed: Workspace | undefined;
  readonly #byRoot = new Map<string, Workspace>();

  constructor(fixed?: Workspace) {
    this.#fixed = fixed;
  }

  for(ctx: Pick<ToolContext, "cwd">): Workspace {
    if (this.#fixed) return this.#fixed;
    let workspace = this.#byRoot.get(ctx.cwd);
    if (workspace === undefined) {
      if (this.#byRoot.size >= MAX_ROOTS) this.#byRoot.clear();
      workspace = Workspace.from(ctx);
      this.#byRoot.set(ctx.cwd, workspace);
    }
    return workspace;
  }
}
