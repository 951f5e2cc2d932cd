import { type JsonSchema7Type, toJsonSchema } from "@langchain/core/utils/json_schema";
import { isJsonObject, type JsonSchema } from "@toolkit/core";

interface StandardJsonSchema {
  "~standard": { jsonSchema: { input(options: { target: string }): unknown } };
}

/**
 * The JSON Schema of a LangChain tool's input. A schema that implements
 * Standard JSON Schema (zod 4.2 and later) is converted for its input side,
 * as `z.toJSONSchema(schema, { io: "input" })` does, so a defaulted field is
 * optional; other zod schemas go through LangChain's own converter; a JSON
 * Schema is used as is.
 */
export function inputJsonSchema(name: string, schema: unknown): JsonSchema {
  const converted = hasStandardJsonSchema(schema)
    ? schema["~standard"].jsonSchema.input({ target: "draft-07" })
    : toJsonSchema(asConvertible(schema));
  // A JSON Schema is plain JSON: the round trip drops `undefined` members converters leave.
  const plain: unknown = JSON.parse(JSON.stringify(converted ?? null));
  if (!isJsonObject(plain)) {
    throw new TypeError(`fromLangChainTool: the input schema of '${name}' is not a JSON Schema object`);
  }
  return plain;
}

function hasStandardJsonSchema(schema: unknown): schema is StandardJsonSchema {
  if (schema === null || typeof schema !== "object" || !("~standard" in schema)) return false;
  const standard = schema["~standard"];
  return (
    standard !== null &&
    typeof standard === "object" &&
    "jsonSchema" in standard &&
    standard.jsonSchema !== null &&
    typeof standard.jsonSchema === "object" &&
    "input" in standard.jsonSchema &&
    typeof standard.jsonSchema.input === "function"
  );
}

/** LangChain's converter accepts any tool schema; its parameter type lists the shapes it knows. */
function asConvertible(schema: unknown): JsonSchema7Type {
  return schema as JsonSchema7Type;
}
