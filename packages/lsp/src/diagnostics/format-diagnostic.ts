import { relative, sep } from "node:path";
import type { Diagnostic } from "./diagnostic.js";

/**
 * One line per diagnostic, as compilers print them:
 * `src/a.ts:12:5 error TS2322 Type 'string' is not assignable to type 'number'.`
 * The path is relative to `root` with `/` separators (absolute when outside it).
 */
export function formatDiagnostic(d: Diagnostic, root: string): string {
  const code = d.code === "" ? "" : ` ${d.code}`;
  return `${shownPath(d.path, root)}:${d.line}:${d.column} ${d.severity}${code} ${d.message}`;
}

/** A path as the model sees it: relative to `root` with `/`, or absolute when outside it. */
export function shownPath(path: string, root: string): string {
  const rel = relative(root, path);
  if (rel === "" || rel.startsWith("..") || rel.startsWith(sep)) return path;
  return sep === "/" ? rel : rel.split(sep).join("/");
}
