import type { ToolMessage } from "@langchain/core/messages";
import { type JsonValue, type OutputPart, ToolOutput } from "@toolkit/core";

/**
 * Maps a LangChain ToolMessage to a ToolOutput: `status: "error"` is a soft
 * failure; string content is text; content blocks become text and image
 * parts (standard `image` blocks with base64 `data`, and `image_url` blocks
 * holding a base64 data URL; other blocks are described in text). A JSON
 * artifact is kept as the host-side annotation `meta.artifact`, never sent
 * to the model.
 */
export function fromToolMessage(message: ToolMessage): ToolOutput {
  const { content } = message;
  let output =
    typeof content === "string"
      ? ToolOutput.text(content)
      : ToolOutput.multipart(content.map((block) => toPart(block)));
  if (message.status === "error") output = output.withError(true);
  const artifact = jsonOrUndefined(message.artifact);
  return artifact === undefined ? output : output.withMeta("artifact", artifact);
}

const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,(.*)$/i;

function toPart(block: unknown): OutputPart {
  if (!isRecord(block)) return { type: "text", text: String(block) };
  if (block.type === "text" && typeof block.text === "string") return { type: "text", text: block.text };
  if (block.type === "image" && typeof block.data === "string") {
    const mediaType = typeof block.mimeType === "string" ? block.mimeType : block.mime_type;
    if (typeof mediaType === "string") return { type: "image", data: block.data, mediaType };
  }
  if (block.type === "image_url") {
    const url = isRecord(block.image_url) ? block.image_url.url : block.image_url;
    const match = typeof url === "string" ? DATA_URL.exec(url) : null;
    if (match?.[1] && match[2] !== undefined) return { type: "image", data: match[2], mediaType: match[1] };
    if (typeof url === "string") return { type: "text", text: `[image: ${url}]` };
  }
  const url = typeof block.url === "string" ? `: ${block.url}` : "";
  return { type: "text", text: `[${String(block.type)}${url}]` };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function jsonOrUndefined(value: unknown): JsonValue | undefined {
  if (value === undefined) return undefined;
  try {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : (JSON.parse(text) as JsonValue);
  } catch {
    return undefined;
  }
}
