import type { Workspace } from "@toolkit/core";
import type { SearchSource } from "../source/search-source.js";

/** Options every search tool accepts. */
export interface SearchToolOptions {
  /** The workspace to stay inside. @default a workspace rooted at `ctx.cwd` */
  workspace?: Workspace;
  /** The filesystem seam the walker reads through. @default nodeSearchSource */
  source?: SearchSource;
  /** Replies longer than this are spilled to a file in `ctx.tempDir`. @default 51200 (50 KiB) */
  spillBytes?: number;
}

/** The default spill threshold: 50 KiB. */
export const DEFAULT_SPILL_BYTES = 50 * 1024;
