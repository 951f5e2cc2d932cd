import type { ImagePart, JsonValue, Retention, TextPart } from "@toolkit/core";

/** Text or an image (base64), as users and tools send them. */
export type ContentPart = TextPart | ImagePart;

/** A tool call from the model. */
export interface ToolCallPart {
  readonly id: string;
  readonly name: string;
  /** The parsed arguments (`{}` when they were not valid JSON; see `invalidArguments`). */
  readonly input: JsonValue;
  /** The raw argument text when it was not valid JSON; sent back as it came. */
  readonly invalidArguments?: string;
  /** An opaque signature the provider attached to the call (Gemini `thoughtSignature`); sent back with it. */
  readonly signature?: string;
}

/**
 * The model's reasoning in a reply: readable text (a summary or the thinking
 * itself, possibly empty) and the provider's own item, sent back verbatim to
 * the same wire format on the next request (encrypted content, signatures).
 */
export interface ReasoningPart {
  readonly type: "reasoning";
  /** What can be shown of the reasoning ("" when it is encrypted or redacted). */
  readonly text: string;
  /** The wire format that produced it (`ModelClient.provider`); only that format gets `data` back. */
  readonly provider: string;
  /** The provider's item, kept byte for byte; absent when there is nothing to send back. */
  readonly data?: JsonValue;
  /** How many of the reply's tool calls came before it: its place in the reply. */
  readonly callsBefore: number;
}

/** A user turn: the task, or a note from the loop. */
export interface UserMessage {
  readonly role: "user";
  readonly parts: readonly ContentPart[];
}

/** A model turn: its text, the tools it called, in reply order, and its reasoning. */
export interface AssistantMessage {
  readonly role: "assistant";
  readonly text: string;
  readonly toolCalls: readonly ToolCallPart[];
  /** Reasoning items of the reply, in order; absent or empty when there were none. */
  readonly reasoning?: readonly ReasoningPart[];
}

/** The answer to one tool call. */
export interface ToolResult {
  readonly callId: string;
  readonly name: string;
  readonly parts: readonly ContentPart[];
  /** A soft failure: sent with `is_error` where the provider has it. */
  readonly isError: boolean;
  /** Compaction advice; never sent on the wire. */
  readonly retention: Retention;
  /** True once compaction replaced the parts with a placeholder. */
  readonly compacted?: boolean;
}

/** The answers to one reply's tool calls, in call order. */
export interface ToolResultsMessage {
  readonly role: "tool";
  readonly results: readonly ToolResult[];
}

/** The provider-neutral conversation the loop keeps. */
export type Message = UserMessage | AssistantMessage | ToolResultsMessage;

/** A user message holding one text part. */
export function userText(text: string): UserMessage {
  return { role: "user", parts: [{ type: "text", text }] };
}

/** The text of the text parts, in order. */
function textsOf(parts: readonly ContentPart[]): string[] {
  return parts.filter((p): p is TextPart => p.type === "text").map((p) => p.text);
}

/**
 * A tool result's text: its text parts joined with a newline, the join rule
 * of a `ToolOutput`'s text (messages concatenate instead; see `messageText`).
 */
export function resultPartsText(parts: readonly ContentPart[]): string {
  return textsOf(parts).join("\n");
}

/**
 * A message's text content: its text parts concatenated with no separator
 * (a tool-results message: every result's parts, in call order). This is not
 * a tool result's join: `ToolOutput` text joins its parts with a newline.
 *
 * @example messageText({ role: "user", parts: [{ type: "text", text: "a" }, { type: "text", text: "b" }] }) // "ab"
 */
export function messageText(message: Message): string {
  switch (message.role) {
    case "user":
      return textsOf(message.parts).join("");
    case "assistant":
      return message.text;
    case "tool":
      return message.results.flatMap((r) => textsOf(r.parts)).join("");
  }
}

/** The image parts. */
export function partsImages(parts: readonly ContentPart[]): ImagePart[] {
  return parts.filter((p): p is ImagePart => p.type === "image");
}

/** A `data:` URL for an image part. */
export function dataUrl(image: ImagePart): string {
  return `data:${image.mediaType};base64,${image.data}`;
}
