import { isAbsolute, relative, resolve, sep } from "node:path";
import { isJsonObject, type Tool } from "@toolkit/core";

/** Input fields that name a filesystem path, as the fs and search families spell them. */
export const PATH_FIELDS = ["file_path", "path", "notebook_path"] as const;

/** The paths a call touches, read from its input's path fields. */
export interface CallPaths {
  /** True when the tool's schema declares a path field (so the tool is path-based). */
  readonly declared: boolean;
  /** Absolute, normalised paths (relative ones resolved against `ctx.cwd`). A declared field left out means `ctx.cwd`. */
  readonly absolute: readonly string[];
}

/**
 * Reads `file_path` / `path` / `notebook_path` from a call's input. A path field the schema
 * declares but the input leaves out stands for the working directory (Glob
 * and Grep search it by default).
 */
export function callPaths(call: { tool: Tool | undefined; input: unknown; cwd: string }): CallPaths {
  const declared = declaresAny(call.tool, PATH_FIELDS);
  const input = isJsonObject(call.input) ? call.input : {};
  const absolute: string[] = [];
  for (const field of PATH_FIELDS) {
    const value = input[field];
    if (typeof value === "string" && value !== "") absolute.push(resolve(call.cwd, value));
  }
  if (absolute.length === 0 && declared) absolute.push(resolve(call.cwd));
  return { declared, absolute };
}

/** True when the tool's input schema declares one of the fields. */
export function declaresAny(tool: Tool | undefined, fields: readonly string[]): boolean {
  const properties = tool?.schema().input_schema.properties;
  return isJsonObject(properties) && fields.some((f) => f in properties);
}

/** The path relative to `cwd` with `/` separators, or undefined when it lies outside `cwd`. */
export function relativeInside(cwd: string, absolute: string): string | undefined {
  const rel = relative(cwd, absolute);
  if (rel === "") return ".";
  if (rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return undefined;
  return sep === "/" ? rel : rel.split(sep).join("/");
}

/** True when one path is the other or lies under it. */
export function pathsIntersect(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  const prefix = short.endsWith(sep) ? short : short + sep;
  return long.startsWith(prefix);
}
