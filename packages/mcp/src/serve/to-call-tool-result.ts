import type { CallToolResult, ContentBlock } from "@modelcontextprotocol/sdk/types.js";
import {
  arrived,
  compileSchema,
  describeErrors,
  isJsonObject,
  type JsonSchema,
  type ToolOutput,
} from "@toolkit/core";

/**
 * Maps a ToolOutput to an MCP tool result: text parts to text content, image
 * parts to image content (`mediaType` becomes `mimeType`), `isError` kept.
 * When the tool declares an output schema, a successful result also carries
 * its JSON value as `structuredContent`; a value that is missing, not an
 * object or off-schema becomes a soft failure naming the tool, because MCP
 * clients reject such results outright.
 */
export function toCallToolResult({
  output,
  outputSchema,
  name,
}: {
  output: ToolOutput;
  outputSchema?: JsonSchema | undefined;
  name: string;
}): CallToolResult {
  const content = output.parts.map(
    (part): ContentBlock =>
      part.type === "text"
        ? { type: "text", text: part.text }
        : { type: "image", data: part.data, mimeType: part.mediaType },
  );
  if (output.isError) return { content, isError: true };
  if (!outputSchema) return { content };
  const value = output.structuredValue();
  if (!isJsonObject(value)) {
    return failure(
      `Tool '${name}' declares an output schema but returned no JSON object (got ${arrived(value)})`,
    );
  }
  const validate = compileSchema(outputSchema);
  if (!validate(value)) {
    const problems = describeErrors(validate.errors ?? [], outputSchema, value);
    return failure(`Tool '${name}' returned a result that does not match its output schema: ${problems}`);
  }
  return { content, structuredContent: value };
}

function failure(text: string): CallToolResult {
  return { content: [{ type: "text", text }], isError: true };
}
