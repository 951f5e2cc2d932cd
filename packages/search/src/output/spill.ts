import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ToolContext } from "@toolkit/core";

/** The preview kept in a reply whose full text was spilled. */
const PREVIEW_BYTES = 8 * 1024;

/**
 * Returns `text` as is when it fits in `maxBytes`; otherwise writes it to a
 * file in `ctx.tempDir` and returns a preview (whole lines) and the path.
 */
export async function spillIfLarge(options: {
  text: string;
  ctx: ToolContext;
  maxBytes: number;
  prefix: string;
}): Promise<string> {
  const { text, ctx, maxBytes, prefix } = options;
  const bytes = Buffer.byteLength(text);
  if (bytes <= maxBytes) return text;
  const dir = await ctx.ensureTempDir();
  const file = join(dir, `${prefix}-${randomUUID()}.txt`);
  await writeFile(file, text, { mode: 0o600 });
  const preview = previewOf(text, Math.min(PREVIEW_BYTES, maxBytes));
  return (
    `${preview}\n\n[Output is ${formatKiB(bytes)}, over the ${formatKiB(maxBytes)} reply limit. ` +
    `The full output was saved to ${file}; read it with Read (offset/limit) or narrow the search.]`
  );
}

/** The longest run of whole lines of `text` within `maxBytes`. */
export function previewOf(text: string, maxBytes: number): string {
  const cut = Buffer.from(text).subarray(0, maxBytes).toString("utf8");
  const end = cut.lastIndexOf("\n");
  return (end > 0 ? cut.slice(0, end) : cut).replace(/\uFFFD$/, "");
}

/** `51.2 KiB`. */
export function formatKiB(bytes: number): string {
  const kib = bytes / 1024;
  return `${Number.isInteger(kib) ? kib : kib.toFixed(1)} KiB`;
}
