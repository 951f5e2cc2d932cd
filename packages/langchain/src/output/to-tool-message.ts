import { type MessageContent, ToolMessage } from "@langchain/core/messages";
import type { JsonValue, OutputPart, ToolOutput } from "@toolkit/core";

/** What an adapted tool's `_call` returns under `responseFormat: "content_and_artifact"`. */
export type ContentAndArtifact = [MessageContent | ToolMessage, JsonValue | undefined];

/** Identifies the call being answered, when LangChain was given a ToolCall. */
export interface CallIdentity {
  /** The ToolCall's id; undefined when the tool was invoked with bare arguments. */
  readonly toolCallId: string | undefined;
  /** The tool's name. */
  readonly name: string;
}

/**
 * Maps a ToolOutput to LangChain's content and artifact. Text is the
 * content; the value an output carries (`hasStructured`, whatever its hint) is the
 * artifact; images become standard `image` blocks beside `text` blocks. A
 * soft failure answering a ToolCall is a ToolMessage with `status: "error"`
 * (passed through unchanged by LangChain); without a ToolCall, its text.
 */
export function toContentAndArtifact(output: ToolOutput, call: CallIdentity): ContentAndArtifact {
  const content = toContent(output.parts);
  const artifact = output.hasStructured ? output.structuredValue() : undefined;
  if (output.isError && call.toolCallId !== undefined) {
    const message = new ToolMessage({
      content,
      status: "error",
      tool_call_id: call.toolCallId,
      name: call.name,
      ...(artifact === undefined ? {} : { artifact }),
    });
    return [message, undefined];
  }
  return [content, artifact];
}

function toContent(parts: readonly OutputPart[]): MessageContent {
  if (!parts.some((p) => p.type === "image")) {
    return parts
      .filter((p) => p.type === "text")
      .map((p) => p.text)
      .join("\n");
  }
  return parts.map((part) =>
    part.type === "text"
      ? { type: "text" as const, text: part.text }
      : { type: "image" as const, mimeType: part.mediaType, data: part.data },
  );
}
