import type { OutputPart } from "@toolkit/core";
import type { JSONValue, Tool } from "ai";
import type { AiSdkToolResult } from "./ai-sdk-tool-result.js";

/** The AI SDK's tool result output (`ToolResultOutput`, which `ai` does not re-export). */
export type ModelOutput = Awaited<ReturnType<NonNullable<Tool["toModelOutput"]>>>;
type ContentPart = Extract<ModelOutput, { type: "content" }>["value"][number];

/**
 * Maps an adapted tool's result to the AI SDK's model output, keeping what
 * the model reads: a structured result whose text is its JSON is `json`
 * (`error-json` when it is a failure), a result with images is `content`
 * with `text` and `image-data` parts, any other result (including text with
 * a structured value beside it, whose text is what the model reads) is
 * `text` (`error-text` for a failure).
 */
export function toModelOutput(result: AiSdkToolResult): ModelOutput {
  if (result.structured !== undefined && joinText(result.parts) === JSON.stringify(result.structured)) {
    const value: JSONValue = result.structured;
    return result.isError ? { type: "error-json", value } : { type: "json", value };
  }
  if (result.parts.some((p) => p.type === "image")) {
    return { type: "content", value: result.parts.map(toContentPart) };
  }
  const value = joinText(result.parts);
  return result.isError ? { type: "error-text", value } : { type: "text", value };
}

function toContentPart(part: OutputPart): ContentPart {
  if (part.type === "text") return { type: "text", text: part.text };
  return { type: "image-data", data: part.data, mediaType: part.mediaType };
}

/** The text parts joined with `"\n"`, as `ToolOutput.textContent()` does. */
export function joinText(parts: readonly OutputPart[]): string {
  return parts
    .filter((p) => p.type === "text")
    .map((p) => p.text)
    .join("\n");
}
