import type { OutputPart, ToolOutput } from "@toolkit/core";
import type { ToolOutputImage, ToolOutputText } from "@openai/agents";

/** What an adapted tool returns to the Agents SDK. */
export type AgentsToolOutput = string | Array<ToolOutputText | ToolOutputImage>;

/**
 * Maps a ToolOutput to a function tool result: text, JSON (its compact
 * text) and soft failures as a string; a result with images as `text` and
 * `image` items (base64 data with its media type).
 */
export function toAgentsOutput(output: ToolOutput): AgentsToolOutput {
  if (!output.parts.some((p) => p.type === "image")) return output.textContent();
  return output.parts.map(toItem);
}

function toItem(part: OutputPart): ToolOutputText | ToolOutputImage {
  if (part.type === "text") return { type: "text", text: part.text };
  return { type: "image", image: { data: part.data, mediaType: part.mediaType } };
}
