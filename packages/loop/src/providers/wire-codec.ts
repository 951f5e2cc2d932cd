import type { JsonValue } from "@toolkit/core";
import type { IdGen } from "../runtime/id-gen.js";
import type { ModelReply, ModelRequest, StreamDelta } from "../model/model-client.js";
import type { ModelOptions } from "./model-options.js";

/** Request settings a codec writes into the body, beside the conversation. */
export interface EncodeSettings extends Omit<ModelOptions, "maxOutputTokens" | "extraBody"> {
  /** OpenAI `prompt_cache_key`. */
  promptCacheKey?: string;
  /** Anthropic cache breakpoints: `"auto"` marks the last tool, the system prompt and the newest user turn. */
  cache?: "auto" | "off";
  /** OpenAI Responses: ask for `reasoning.encrypted_content` (needed to send reasoning back with `store: false`). */
  includeReasoning?: boolean;
}

/** Everything a codec needs besides the request. */
export interface EncodeContext {
  readonly model: string;
  readonly maxTokens: number | undefined;
  /** Sampling, tool choice, reasoning, caching and streaming settings. @default {} */
  readonly settings?: EncodeSettings;
}

/** One server-sent event of a streamed reply. */
export interface SseEvent {
  /** The `event:` field, when the server sent one. */
  readonly event: string | undefined;
  /** The `data:` lines joined with newlines. */
  readonly data: string;
}

/** Builds one reply from a stream's events. */
export interface StreamAssembler {
  /** Reads one event; returns the pieces it carried, to show as they arrive. Throws on a malformed event. */
  push(event: SseEvent): StreamDelta[];
  /** True once the event that ends a reply arrived; a stream that closes before is retried. */
  readonly complete: boolean;
  /** The assembled reply (once complete). */
  reply(): ModelReply;
}

/** One provider's wire format: the body to send and the reply to read. */
export interface WireCodec {
  /** The provider name reported as `ModelClient.provider`. */
  readonly provider: string;
  /** The path appended to the base URL. */
  readonly path: string;
  /** The path for a model and mode, when it depends on them (Gemini). @default path */
  pathFor?(context: { model: string; stream: boolean }): string;
  /** The request body as a JSON value, keys in the provider's fixed order. */
  encode(request: ModelRequest, context: EncodeContext): JsonValue;
  /** The reply; throws a TypeError when the body is not the provider's shape. */
  decode(body: unknown, ids: IdGen): ModelReply;
  /** A fresh assembler for a streamed reply; absent when the format does not stream. */
  stream?(ids: IdGen): StreamAssembler;
  /** The headers for a key (content type included). */
  headers(apiKey: string | undefined): Record<string, string>;
}
