import { isAbsolute, relative, resolve, sep } from "node:path";
import { isJsonObject } from "@toolkit/core";
import type { RealCall } from "./real-call.js";

/** Input fields that name a filesystem path, as the fs and search families spell them. */
export const PATH_FIELDS = ["file_path", "path"] as const;

/** The paths a call touches, read from its input's path fields. */
export interface CallPaths {
  /** True when the tool's schema declares a path field (so the tool is path-based). */
  readonly declared: boolean;
  /** Absolute, normalised paths (relative ones resolved against `ctx.cwd`). A declared field left out means `ctx.cwd`. */
  readonly absolute: readonly string[];
}

/**
 * Reads `file_path` / `path` from a call's input. A path field the schema
 * declares but the input leaves out stands for the working directory (Glob
 * and Grep search it by default).
 */
export function callPaths(call: RealCall): CallPaths {
  const properties = call.tool.schema().input_schema.properties;
  const declaredFields = isJsonObject(properties) ? PATH_FIELDS.filter((f) => f in properties) : [];
  const input = isJsonObject(call.input) ? call.input : {};
  const absolute: string[] = [];
  for (const field of PATH_FIELDS) {
    const value = input[field];
    if (typeof value === "string" && value !== "") absolute.push(resolve(call.ctx.cwd, value));
  }
  if (absolute.length === 0 && declaredFields.length > 0) absolute.push(resolve(call.ctx.cwd));
  return { declared: declaredFields.length > 0, absolute };
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
