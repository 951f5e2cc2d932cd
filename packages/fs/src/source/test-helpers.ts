// Shared by this package's tests (not exported); temp workspaces come from @toolkit/test-kit.
import type { FileSource, RemoveFileOptions } from "./file-source.js";

/** A FileSource that does what `base` does, except for the methods given. */
export function wrapSource(base: FileSource, overrides: Partial<FileSource>): FileSource {
  return {
    resolve: (w, p, f) => base.resolve(w, p, f),
    realRoot: (w) => base.realRoot(w),
    stat: (p, o) => base.stat(p, o),
    open: (p, o) => base.open(p, o),
    read: (p, o) => base.read(p, o),
    readChunks: (p, o) => base.readChunks(p, o),
    writeFile: (p, d, o) => base.writeFile(p, d, o),
    list: (p, o) => base.list(p, o),
    rename: (f, t, o) => base.rename(f, t, o),
    ...(base.remove
      ? { remove: (p: string, o: RemoveFileOptions) => base.remove?.(p, o) ?? Promise.resolve() }
      : {}),
    ...overrides,
  };
}
