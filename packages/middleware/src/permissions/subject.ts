import { isJsonObject, type Tool } from "@toolkit/core";
import { callPaths, declaresAny, PATH_FIELDS, relativeInside } from "../shared/input-paths.js";

/** What a rule's pattern is matched against, decided by the tool's input fields. */
export type Subject =
  | { readonly kind: "command"; readonly command: string | undefined }
  | { readonly kind: "paths"; readonly paths: readonly { absolute: string; relative: string | undefined }[] }
  | { readonly kind: "values"; readonly values: readonly string[] };

/** The parts of a call that permissions look at. */
export interface EvaluableCall {
  /** The tool name the model asked for. */
  readonly name: string;
  /** The call's input. */
  readonly input: unknown;
  /** The tool, when known: its schema decides which fields are read. */
  readonly tool?: Tool | undefined;
  /** Relative paths are resolved against `ctx.cwd`. @default process.cwd() */
  readonly ctx?: { readonly cwd: string } | undefined;
}

/**
 * A tool whose schema (or, without a tool, whose input) has `command` is
 * matched on the command; one with `file_path` / `path` / `notebook_path` on those paths; any
 * other on its top-level string values.
 */
export function subjectOf(call: EvaluableCall): Subject {
  const input = isJsonObject(call.input) ? call.input : {};
  const has = (fields: readonly string[]) =>
    call.tool ? declaresAny(call.tool, fields) : fields.some((f) => input[f] !== undefined);
  if (has(["command"])) {
    return { kind: "command", command: typeof input.command === "string" ? input.command : undefined };
  }
  if (has(PATH_FIELDS)) {
    const cwd = call.ctx?.cwd ?? process.cwd();
    const { absolute } = callPaths({ tool: call.tool, input: call.input, cwd });
    return { kind: "paths", paths: absolute.map((a) => ({ absolute: a, relative: relativeInside(cwd, a) })) };
  }
  return { kind: "values", values: Object.values(input).filter((v): v is string => typeof v === "string") };
}

/** How a refusal names the call, e.g. `Shell command "git push"` or `Edit on "src/a.ts"`. */
export function describeSubject(name: string, subject: Subject): string {
  if (subject.kind === "command") {
    if (subject.command === undefined) return `${name} call`;
    const c = subject.command.trim();
    return `${name} command ${JSON.stringify(c.length > 200 ? `${c.slice(0, 200)}…` : c)}`;
  }
  if (subject.kind === "paths" && subject.paths.length > 0) {
    return `${name} on ${subject.paths.map((p) => JSON.stringify(p.relative ?? p.absolute)).join(", ")}`;
  }
  return `${name} call`;
}
