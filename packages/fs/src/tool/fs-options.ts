import type { HardLinkPolicy, Workspace } from "@toolkit/core";
import type { FileSource } from "../source/file-source.js";
import { LocalFileSource, resolveHardLinks } from "@toolkit/core";

/** Options every fs tool takes. */
export interface FsToolOptions {
  /** The directory the tool may not leave. @default a workspace rooted at `ctx.cwd` */
  workspace?: Workspace;
  /** Where files are read and written. @default new LocalFileSource() */
  source?: FileSource;
  /**
   * Files up to this size are content-hashed for the stale guard; larger ones
   * are fingerprinted by inode, size, mtime and ctime. @default 64 MiB
   */
  maxHashBytes?: number;
  /**
   * A regular file with more than one hard link may have another name
   * outside the workspace: `refuse` (read and write nothing through it) or
   * `allow` (for trees that hard-link on purpose, e.g. a pnpm store). @default "refuse"
   */
  hardLinks?: HardLinkPolicy;
}

/** FsToolOptions with defaults applied. */
export interface ResolvedFsOptions {
  readonly workspace: Workspace | undefined;
  readonly source: FileSource;
  readonly maxHashBytes: number;
  readonly hardLinks: HardLinkPolicy;
}

/** Applies the defaults once; checks numeric options. */
export function resolveFsOptions({
  workspace,
  source = new LocalFileSource(),
  maxHashBytes = 64 * 1024 * 1024,
  hardLinks,
}: FsToolOptions = {}): ResolvedFsOptions {
  positiveInteger("maxHashBytes", maxHashBytes);
  return { workspace, source, maxHashBytes, hardLinks: resolveHardLinks(hardLinks) };
}

/** Throws a TypeError unless `value` is a positive integer (an option check). */
export function positiveInteger(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1) {
    throw new TypeError(`\`${name}\` must be a positive integer, got ${JSON.stringify(value)}`);
  }
}
