import { compileSchema, isJsonObject, type JsonSchema, type Tool, type ToolSchema } from "@toolkit/core";
import { outputSchemaOf } from "../protocol/output-schema.js";

/** A tool's schemas after the check: advertise them, or skip the tool for `reason`. */
export type SchemaCheck =
  | { ok: true; inputSchema: JsonSchema; outputSchema: JsonSchema | undefined }
  | { ok: false; reason: string };

/**
 * Checks a tool's input schema, and its output schema when it declares one,
 * with a real JSON Schema validator (ajv through core's `compileSchema`): each
 * must compile and have `type: "object"` at its root, as MCP requires.
 */
export function checkSchemas(tool: Tool, schema: ToolSchema): SchemaCheck {
  const input = checkObjectSchema(schema.input_schema, "input schema");
  if (typeof input === "string") return { ok: false, reason: input };
  let declared: JsonSchema | undefined;
  try {
    declared = outputSchemaOf(tool);
  } catch (error) {
    return { ok: false, reason: message(error) };
  }
  if (declared === undefined) return { ok: true, inputSchema: input, outputSchema: undefined };
  const output = checkObjectSchema(declared, "output schema");
  if (typeof output === "string") return { ok: false, reason: output };
  return { ok: true, inputSchema: input, outputSchema: output };
}

/** The schema when it is a valid object schema, else the reason it is not. */
export function checkObjectSchema(schema: unknown, what: string): JsonSchema | string {
  if (!isJsonObject(schema)) return `its ${what} is not a JSON object`;
  if (schema.type !== "object") {
    return `its ${what} must have \`type: "object"\` at the root, got ${JSON.stringify(schema.type ?? null)}`;
  }
  try {
    compileSchema(schema);
  } catch (error) {
    return `its ${what} is not a valid JSON Schema: ${message(error).replace(/^Invalid JSON Schema: /, "")}`;
  }
  return schema;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
