// The file seam lives in @toolkit/core (one FileSource for the fs and search
// families); this package's modules name its types through here.
export type {
  DirEntry,
  FileSource,
  FileStat,
  OpenFile,
  OpenOptions,
  ReadChunksOptions,
  RemoveFileOptions,
  WriteFileOptions,
} from "@toolkit/core";
