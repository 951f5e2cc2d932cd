import type { CallToolResult, ContentBlock } from "@modelcontextprotocol/sdk/types.js";
import { canonicalJson, type OutputPart, ToolOutput } from "@toolkit/core";

const IMAGE_TYPE = /^image\/[a-z0-9.+-]+$/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Maps an MCP tool result to a ToolOutput. Text content becomes text parts;
 * image content (and an embedded blob resource of an image type) becomes
 * image parts; an embedded text resource becomes text headed by its URI; a
 * resource link, audio and other binary content become a one-line note. A
 * successful result whose `structuredContent` is what its text says (the
 * text is that JSON, or there is no content) becomes
 * `ToolOutput.structured(structuredContent)`; otherwise the content wins, so
 * the model reads what the server wrote. `isError` is kept: a soft failure.
 */
export function toToolOutput(result: CallToolResult): ToolOutput {
  const parts = result.content.flatMap(toParts);
  let output: ToolOutput;
  if (
    !result.isError &&
    result.structuredContent !== undefined &&
    saysTheSame(parts, result.structuredContent)
  ) {
    output = ToolOutput.structured(result.structuredContent);
  } else if (parts.length === 0) output = ToolOutput.text("");
  else if (parts.length === 1 && parts[0]?.type === "text") output = ToolOutput.text(parts[0].text);
  else output = ToolOutput.multipart(parts);
  return result.isError ? output.withError(true) : output;
}

/** True when the parts are nothing, or one text holding the same JSON as `value`. */
function saysTheSame(parts: readonly OutputPart[], value: unknown): boolean {
  if (parts.length === 0) return true;
  const [only] = parts;
  if (parts.length > 1 || only?.type !== "text") return false;
  try {
    return canonicalJson(JSON.parse(only.text)) === canonicalJson(value);
  } catch {
    return false;
  }
}

function toParts(block: ContentBlock): OutputPart[] {
  switch (block.type) {
    case "text":
      return [{ type: "text", text: block.text }];
    case "image":
      return [image(block.data, block.mimeType, "Image")];
    case "audio":
      return [note(`[Audio (${block.mimeType}) omitted: tool results carry text and images only]`)];
    case "resource_link":
      return [note(`[Resource link: ${block.uri}${block.description ? ` — ${block.description}` : ""}]`)];
    case "resource": {
      const { resource } = block;
      const type = resource.mimeType ? ` (${resource.mimeType})` : "";
      if ("text" in resource && typeof resource.text === "string") {
        return [note(`Resource ${resource.uri}${type}:\n${resource.text}`)];
      }
      if (
        "blob" in resource &&
        typeof resource.blob === "string" &&
        IMAGE_TYPE.test(resource.mimeType ?? "")
      ) {
        return [image(resource.blob, resource.mimeType ?? "", `Resource ${resource.uri}`)];
      }
      return [note(`[Resource ${resource.uri}${type}: binary content not shown]`)];
    }
    default:
      return [];
  }
}

function image(data: string, mimeType: string, label: string): OutputPart {
  if (IMAGE_TYPE.test(mimeType) && data.length % 4 === 0 && BASE64.test(data)) {
    return { type: "image", data, mediaType: mimeType };
  }
  return note(`[${label} (${mimeType}) omitted: its data is not base64 image data]`);
}

function note(text: string): OutputPart {
  return { type: "text", text };
}
