import type { ToolSchema } from "@toolkit/core";
import type { Message, ToolCallPart } from "./messages.js";

/** `"strict"`: tool schemas are tightened (and OpenAI gets `strict: true`). */
export type Constraint = "none" | "strict";

/** What the loop asks a model for: one provider-neutral request. */
export interface ModelRequest {
  /** The system prompt (the loop's plus each advertised tool's `systemPrompt()`). */
  readonly system: string | undefined;
  readonly messages: readonly Message[];
  /** The advertised tools, in the order to show them. */
  readonly tools: readonly ToolSchema[];
  readonly constraint: Constraint;
}

/** Token counts a provider reported. */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
}

/** One model reply, provider-neutral. */
export interface ModelReply {
  readonly text: string;
  readonly toolCalls: readonly ToolCallPart[];
  /** The provider's stop reason, as it sent it (`stop`, `tool_calls`, `end_turn`, ...). */
  readonly stopReason: string;
  readonly usage: Usage;
}

/** Options for one `send`. */
export interface SendOptions {
  /** Cancels the request (and any retry wait). */
  signal?: AbortSignal;
}

/**
 * The seam between the loop and a provider: `encode` turns a request into the
 * exact body bytes (deterministic), `send` posts them and decodes the reply.
 */
export interface ModelClient {
  /** The wire format, e.g. `"openai-chat"`. */
  readonly provider: string;
  /** The model name sent in each request. */
  readonly model: string;
  /** The request body, byte for byte as it will be sent. */
  encode(request: ModelRequest): string;
  /** Posts an encoded body (retrying 429/5xx) and decodes the reply. */
  send(body: string, options?: SendOptions): Promise<ModelReply>;
}
