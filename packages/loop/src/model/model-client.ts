import type { JsonSchema, ToolSchema } from "@toolkit/core";
import type { Message, ReasoningPart, ToolCallPart } from "./messages.js";

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
  /** The loop's session id (a client may send it as a prompt-cache key). */
  readonly sessionId?: string;
  /** A typed final answer: the provider's structured output (or, for Anthropic, a final tool) with this schema. */
  readonly output?: OutputFormat;
}

/** The shape the final answer must take (`run(task, { output })`). */
export interface OutputFormat {
  /** The name providers are given (OpenAI's format name, Anthropic's final tool). */
  readonly name: string;
  readonly description: string;
  readonly schema: JsonSchema;
}

/**
 * Token counts a provider reported. `inputTokens` counts every input token,
 * cached ones included (Anthropic's cache reads and writes are added to it);
 * `outputTokens` counts reasoning tokens too.
 */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
  /** Input tokens read from the provider's prompt cache. */
  cachedInputTokens: number;
  /** Input tokens written to the prompt cache (Anthropic `cache_creation_input_tokens`). */
  cacheWriteTokens: number;
  /** Output tokens spent reasoning (or thinking). */
  reasoningTokens: number;
}

/**
 * Why a reply ended: `stop` (a final answer), `tool-calls`, `length` (cut at
 * the output limit), `refusal`, `content-filter`, or `other`.
 */
export type FinishReason = "stop" | "tool-calls" | "length" | "refusal" | "content-filter" | "other";

/** One model reply, provider-neutral. */
export interface ModelReply {
  /** The reply's text; for a refusal, the refusal text. */
  readonly text: string;
  readonly toolCalls: readonly ToolCallPart[];
  /** Reasoning items, in reply order (empty when there were none). */
  readonly reasoning?: readonly ReasoningPart[];
  /** Why the reply ended, mapped from the provider's reason. */
  readonly finishReason: FinishReason;
  /** The provider's stop reason, as it sent it (`stop`, `tool_calls`, `end_turn`, ...). */
  readonly stopReason: string;
  readonly usage: Usage;
}

/** A piece of a streamed reply, as it arrives. */
export interface StreamDelta {
  readonly kind: "text" | "reasoning" | "tool-input";
  readonly delta: string;
  /** The call whose arguments grow (for `tool-input`). */
  readonly callId?: string;
}

/** Options for one `send`. */
export interface SendOptions {
  /** Cancels the request (and any retry wait); a stream is closed at once. */
  signal?: AbortSignal;
  /** Called with each piece of a streamed reply (never twice for the same text across retries). */
  onDelta?: (delta: StreamDelta) => void;
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
