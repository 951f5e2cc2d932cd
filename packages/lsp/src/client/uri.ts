import { fileURLToPath, pathToFileURL } from "node:url";

/** The `file://` URI of an absolute path, as language servers expect it. */
export function pathToUri(path: string): string {
  return pathToFileURL(path).href;
}

/** The absolute path of a `file://` URI; undefined for any other scheme. */
export function uriToPath(uri: string): string | undefined {
  if (!uri.startsWith("file:")) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}
