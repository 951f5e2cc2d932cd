import { isJsonObject, type JsonSchema, type Tool } from "@toolkit/core";

/**
 * A Toolkit tool that declares the shape of its structured results through
 * core's optional `Tool#outputSchema()` trait; any tool (a class, an `FnTool`
 * subclass, an imported MCP tool) opts in by adding the method. The schema must be a JSON Schema whose root is
 * `type: "object"` (the MCP rule for `outputSchema`).
 *
 * @example
 * class Stats implements Tool, OutputSchemaTool {
 *   outputSchema() { return { type: "object", properties: { lines: { type: "integer" } }, required: ["lines"] }; }
 *   // ...
 * }
 */
export interface OutputSchemaTool {
  /** The JSON Schema every successful structured result satisfies; `undefined` declares none. */
  outputSchema(): JsonSchema | undefined;
}

/**
 * The output schema a tool declares through an optional `outputSchema()`
 * method, or `undefined` when it declares none. Throws a TypeError when the
 * method exists but returns something that is not a JSON object.
 */
export function outputSchemaOf(tool: Tool): JsonSchema | undefined {
  const schema: unknown = tool.outputSchema?.();
  if (schema === undefined) return undefined;
  if (!isJsonObject(schema)) {
    throw new TypeError(`tool '${tool.name}': \`outputSchema()\` must return a JSON Schema object`);
  }
  return schema;
}
