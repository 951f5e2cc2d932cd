import { ToolError, compileSchema, describeErrors, type JsonSchema } from "@toolkit/core";
import { z } from "zod";
import { describeIssues, joinProblems } from "./describe-issues.js";
import type { InputSchema } from "../definition/types.js";

/** Options for `parseInput`. */
export interface ParseInputOptions<S extends InputSchema> {
  /** The tool's zod schema. */
  input: S;
  /** The JSON Schema derived from it (what the model was shown). */
  inputSchema: JsonSchema;
  /** The arguments as they arrived. */
  value: unknown;
}

/**
 * Parses arguments with the zod schema (refinements, defaults and transforms
 * included) and checks them against the advertised JSON Schema too, so a
 * field the model invented is refused rather than silently dropped. Bad input
 * throws a ToolError of kind `InvalidInput` naming each field, what it must be
 * and what arrived.
 */
export async function parseInput<S extends InputSchema>({
  input,
  inputSchema,
  value,
}: ParseInputOptions<S>): Promise<z.output<S>> {
  const parsed = await z.safeParseAsync(input, value);
  const validate = compileSchema(inputSchema);
  const matches = validate(value);
  const errors = validate.errors ?? [];
  if (parsed.success) {
    if (matches) return parsed.data;
    throw ToolError.invalidInput(describeErrors(errors, inputSchema, value));
  }
  const lines = describeIssues({ issues: parsed.error.issues, input: value });
  // zod strips unknown keys where the advertised schema is closed; report them beside zod's issues.
  const unknown = errors.filter((e) => e.keyword === "additionalProperties");
  if (unknown.length > 0 && !lines.some((l) => l.startsWith("expected an object"))) {
    lines.push(describeErrors(unknown, inputSchema, value));
  }
  throw ToolError.invalidInput(joinProblems(lines));
}

/**
 * Parses arguments dispatch already checked against the advertised JSON
 * Schema: only zod's refinements, defaults and transforms are left to run.
 * A refinement that fails throws a ToolError of kind `InvalidInput`.
 */
export async function parseValidInput<S extends InputSchema>(input: S, value: unknown): Promise<z.output<S>> {
  const parsed = await z.safeParseAsync(input, value);
  if (parsed.success) return parsed.data;
  throw ToolError.invalidInput(joinProblems(describeIssues({ issues: parsed.error.issues, input: value })));
}

/** Parses synchronously for trait callbacks; `undefined` when the input does not parse. */
export function tryParse<S extends InputSchema>(input: S, value: unknown): { data: z.output<S> } | undefined {
  try {
    const parsed = z.safeParse(input, value);
    return parsed.success ? { data: parsed.data } : undefined;
  } catch {
    // An async refinement or transform cannot run synchronously; treat the input as unknown.
    return undefined;
  }
}
