import type { Workspace } from "@toolkit/core";
import type { SourceOption } from "../source/legacy-source.js";

/** Options every search tool accepts. */
export interface SearchToolOptions {
  /** The workspace to stay inside. @default a workspace rooted at `ctx.cwd` */
  workspace?: Workspace;
  /**
   * Where the tools list, stat and read files: core's `FileSource` seam, the
   * same one the fs tools take, so one source backs both families. Ripgrep
   * and worker threads are used only for a `local` source. (A deprecated
   * `SearchSource` is still accepted.) @default new LocalFileSource()
   */
  source?: SourceOption;
  /** Replies longer than this are spilled to a file in `ctx.tempDir`. @default 51200 (50 KiB) */
  spillBytes?: number;
}

/** The default spill threshold: 50 KiB. */
export const DEFAULT_SPILL_BYTES = 50 * 1024;
