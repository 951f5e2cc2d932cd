import { isAbsolute, posix, relative, sep } from "node:path";
import { CheckpointError } from "./checkpoint-error.js";

/**
 * The workspace-relative, `/`-separated form of each path a restore is
 * limited to. An absolute path must lie inside the workspace; a path that
 * climbs out of it, an empty path or one naming the workspace's `.git` is
 * refused, naming the path. Pure.
 *
 * @example normalizeRestorePaths("/ws", ["src/a.ts", "/ws/b"]) // ["src/a.ts", "b"]
 */
export function normalizeRestorePaths(realRoot: string, paths: readonly unknown[]): string[] {
  return paths.map((path, index) => {
    if (typeof path !== "string" || path.trim() === "") {
      throw new CheckpointError(
        "InvalidPath",
        `\`paths[${index}]\` must be a non-empty path inside the workspace, got ${JSON.stringify(path) ?? typeof path}`,
      );
    }
    const rel = isAbsolute(path) ? relative(realRoot, path).split(sep).join("/") : path;
    const normal = posix.normalize(rel.replace(/\\/g, "/")).replace(/\/+$/, "");
    if (normal === ".." || normal.startsWith("../") || posix.isAbsolute(normal)) {
      throw new CheckpointError(
        "InvalidPath",
        `\`paths[${index}]\` is outside the workspace ${realRoot}: ${JSON.stringify(path)}`,
      );
    }
    if (normal === ".git" || normal.startsWith(".git/")) {
      throw new CheckpointError(
        "InvalidPath",
        `\`paths[${index}]\` names the workspace's own .git, which checkpoints never touch: ${JSON.stringify(path)}`,
      );
    }
    return normal === "" ? "." : normal;
  });
}
