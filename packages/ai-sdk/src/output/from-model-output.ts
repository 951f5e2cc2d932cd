import { type OutputPart, ToolError, ToolOutput } from "@toolkit/core";
import type { ModelOutput } from "./to-model-output.js";

type ContentPart = Extract<ModelOutput, { type: "content" }>["value"][number];

/**
 * Maps an AI SDK tool's model output back to a ToolOutput: `text` and
 * `error-text` to text, `json` and `error-json` to structured results,
 * `execution-denied` to a `Permission` failure, `content` to multipart
 * (base64 images kept, references to files and URLs described in text).
 */
export function fromModelOutput(output: ModelOutput): ToolOutput {
  switch (output.type) {
    case "text":
      return ToolOutput.text(output.value);
    case "error-text":
      return ToolOutput.errorText(output.value);
    case "json":
      return ToolOutput.structured(output.value);
    case "error-json":
      return ToolOutput.structured(output.value).withError(true);
    case "execution-denied":
      return ToolError.permission(output.reason ?? "the tool's execution was denied.").toOutput();
    case "content":
      return ToolOutput.multipart(output.value.map(toPart));
  }
}

function toPart(part: ContentPart): OutputPart {
  switch (part.type) {
    case "text":
      return { type: "text", text: part.text };
    case "media":
    case "image-data":
    case "file-data":
      return part.mediaType.startsWith("image/")
        ? { type: "image", data: part.data, mediaType: part.mediaType }
        : {
            type: "text",
            text: `[${part.mediaType} file${"filename" in part && part.filename ? ` ${part.filename}` : ""}]`,
          };
    case "image-url":
    case "file-url":
      return { type: "text", text: `[${part.type === "image-url" ? "image" : "file"}: ${part.url}]` };
    case "image-file-id":
    case "file-id":
      return {
        type: "text",
        text: `[${part.type === "image-file-id" ? "image" : "file"} id: ${fileId(part.fileId)}]`,
      };
    case "custom":
      return { type: "text", text: "[provider-specific content]" };
  }
}

function fileId(id: string | Record<string, string>): string {
  return typeof id === "string" ? id : Object.values(id).join(", ");
}
