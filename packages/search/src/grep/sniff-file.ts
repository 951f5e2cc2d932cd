import type { FileSource } from "@toolkit/core";

/** What a single named file is, before it is searched. */
export type Sniffed = "text" | "binary" | "large";

/**
 * Classifies one file the way directory searches do: over `maxFileBytes` is
 * large; a NUL byte (without a UTF-16 BOM) is binary. ripgrep searches a file
 * named on its command line even when binary, so Grep checks it first. The
 * file is opened through the source and checked to lie under `realRoot`.
 */
export async function sniffFile(options: {
  source: FileSource;
  absolute: string;
  realRoot: string;
  maxFileBytes: number;
}): Promise<Sniffed> {
  const file = await options.source.open(options.absolute, { realRoot: options.realRoot });
  try {
    if (file.stat.size > options.maxFileBytes) return "large";
    const bytes = await file.readAll();
    const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
    return !utf16 && bytes.indexOf(0) !== -1 ? "binary" : "text";
  } finally {
    await file.close();
  }
}
