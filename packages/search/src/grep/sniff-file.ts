import { open } from "node:fs/promises";

/** What a single named file is, before it is searched. */
export type Sniffed = "text" | "binary" | "large";

/**
 * Classifies one file the way directory searches do: over `maxFileBytes` is
 * large; a NUL byte (without a UTF-16 BOM) is binary. ripgrep searches a file
 * named on its command line even when binary, so Grep checks it first.
 */
export async function sniffFile(options: { absolute: string; maxFileBytes: number }): Promise<Sniffed> {
  const handle = await open(options.absolute, "r");
  try {
    const { size } = await handle.stat();
    if (size > options.maxFileBytes) return "large";
    const { buffer, bytesRead } = await handle.read({ buffer: Buffer.alloc(size), position: 0 });
    const bytes = buffer.subarray(0, bytesRead);
    const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
    return !utf16 && bytes.indexOf(0) !== -1 ? "binary" : "text";
  } finally {
    await handle.close();
  }
}
