import { type JsonSchema, strictSchema } from "@toolkit/core";

/**
 * The input schema as a provider is shown it: `$schema` removed (OpenAI and
 * Anthropic reject or ignore the meta-schema keyword), `type: "object"` at the
 * root, and the strict tightening when the constraint is strict.
 */
export function toolParameters({ schema, strict }: { schema: JsonSchema; strict: boolean }): JsonSchema {
  const { $schema: _dropped, ...rest } = schema;
  const rooted: JsonSchema = rest.type === undefined ? { type: "object", ...rest } : rest;
  return strict ? strictSchema(rooted) : rooted;
}
