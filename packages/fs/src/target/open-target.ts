import { hardLinkedError, ToolError, withheldAsHardLinked } from "@toolkit/core";
import type { OpenFile } from "../source/file-source.js";
import type { ResolvedFsOptions } from "../tool/fs-options.js";
import { requireFile, type Target } from "./target.js";

/**
 * Opens a target's file for reading. The path's stat gives the first answer
 * (missing, a directory); then the file is opened, the source proves it lies
 * inside the root, and the OPENED file's own stat decides: it must be a
 * regular file, with one hard link unless `hardLinks` is `allow`. Every read
 * after this goes through the returned file.
 */
export async function openTarget(
  options: ResolvedFsOptions,
  target: Target,
  field: string,
  tool: string,
): Promise<OpenFile> {
  requireFile(target, field, tool);
  const file = await options.source.open(target.path.real, { realRoot: target.realRoot }).catch((error) => {
    if (ToolError.is(error) && error.kind === "FileNotFound")
      requireFile({ ...target, stat: undefined }, field, tool);
    throw error;
  });
  try {
    requireFile({ ...target, stat: file.stat }, field, tool);
    if (withheldAsHardLinked({ stat: file.stat, hardLinks: options.hardLinks }))
      throw hardLinkedError({ shown: target.shown, links: file.stat.links });
    return file;
  } catch (error) {
    await file.close();
    throw error;
  }
}
