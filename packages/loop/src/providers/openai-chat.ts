import type { JsonValue } from "@toolkit/core";
import type { IdGen } from "../runtime/id-gen.js";
import { type ContentPart, dataUrl, type Message, messageText, partsImages } from "../model/messages.js";
import type { FinishReason, ModelClient, ModelReply, ModelRequest } from "../model/model-client.js";
import { chatStream } from "./openai-chat-stream.js";
import { type CommonClientOptions, createModelClient } from "./create-model-client.js";
import { argumentsText, callFromArguments } from "./parse-arguments.js";
import { field, list, nestedTokens, object, text, tokens } from "./read-json.js";
import { resultText } from "./result-text.js";
import { toolParameters } from "./tool-parameters.js";
import type { WireCodec } from "./wire-codec.js";

/** Options for `openaiChat`. */
export interface OpenAIChatOptions extends CommonClientOptions {
  /** The API root including `/v1`, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
  /**
   * Sent as `prompt_cache_key`, which routes requests of one conversation to
   * the same prompt cache: a string is sent as is, `true` sends the loop's
   * session id, `false` sends nothing. @default the session id against
   * OpenAI's own API (`api.openai.com`), nothing against other servers (an
   * OpenAI-compatible server may refuse a field it does not know)
   */
  promptCacheKey?: string | boolean;
}

/**
 * A client for OpenAI Chat Completions and the servers that speak it
 * (Ollama, llama.cpp, vLLM, ...).
 *
 * @example
 * const model = openaiChat({ baseUrl: "https://api.openai.com/v1", apiKey: process.env.OPENAI_API_KEY, model: "gpt-4.1" });
 */
export function openaiChat(options: OpenAIChatOptions): ModelClient {
  return createModelClient({ ...options, codec: openaiChatCodec, owner: "openaiChat" });
}

/** The Chat Completions wire format. */
export const openaiChatCodec: WireCodec = {
  provider: "openai-chat",
  path: "/chat/completions",
  headers: (apiKey) => ({
    "content-type": "application/json",
    ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
  }),
  encode(request: ModelRequest, { model, maxTokens, settings = {} }) {
    const body: { [k: string]: JsonValue } = { model, messages: chatMessages(request) };
    if (maxTokens !== undefined) body.max_completion_tokens = maxTokens;
    const hasTools = request.tools.length > 0;
    if (hasTools) {
      const strict = request.constraint === "strict";
      body.tools = request.tools.map((t) => {
        const fn: { [k: string]: JsonValue } = {
          name: t.tool,
          description: t.description,
          parameters: toolParameters({ schema: t.input_schema, strict }),
        };
        if (strict) fn.strict = true;
        return { type: "function", function: fn };
      });
    }
    if (request.output) {
      const { name, description, schema } = request.output;
      body.response_format = {
        type: "json_schema",
        json_schema: { name, description, schema, strict: false },
      };
    }
    if (settings.temperature !== undefined) body.temperature = settings.temperature;
    if (hasTools && settings.toolChoice !== undefined) {
      const choice = settings.toolChoice;
      body.tool_choice =
        typeof choice === "string" ? choice : { type: "function", function: { name: choice.name } };
    }
    if (hasTools && settings.parallelToolCalls !== undefined)
      body.parallel_tool_calls = settings.parallelToolCalls;
    if (settings.reasoning) body.reasoning_effort = settings.reasoning.effort;
    if (settings.promptCacheKey !== undefined) body.prompt_cache_key = settings.promptCacheKey;
    if (settings.stream) {
      body.stream = true;
      body.stream_options = { include_usage: true };
    }
    return body;
  },
  decode(body: unknown, ids: IdGen): ModelReply {
    const choice = object(list(field(body, "choices"), "choices")[0], "choices[0]");
    const message = object(field(choice, "message"), "choices[0].message");
    const calls = field(message, "tool_calls");
    const toolCalls = (calls === undefined || calls === null ? [] : list(calls, "tool_calls")).map((c, i) => {
      const fn = object(field(c, "function"), `tool_calls[${i}].function`);
      return callFromArguments(
        { id: field(c, "id"), name: field(fn, "name"), text: field(fn, "arguments") },
        ids,
      );
    });
    const usage = field(body, "usage");
    const refusal = text(field(message, "refusal"));
    const thought = text(field(message, "reasoning_content")) || text(field(message, "reasoning"));
    const stopReason = text(field(choice, "finish_reason"));
    return {
      text: refusal || text(field(message, "content")),
      toolCalls,
      ...(thought
        ? { reasoning: [{ type: "reasoning", text: thought, provider: "openai-chat", callsBefore: 0 }] }
        : {}),
      finishReason: refusal ? "refusal" : chatFinish(stopReason, toolCalls.length > 0),
      stopReason,
      usage: {
        inputTokens: tokens(usage, "prompt_tokens"),
        outputTokens: tokens(usage, "completion_tokens"),
        cachedInputTokens: nestedTokens(usage, "prompt_tokens_details", "cached_tokens"),
        cacheWriteTokens: 0,
        reasoningTokens: nestedTokens(usage, "completion_tokens_details", "reasoning_tokens"),
      },
    };
  },
  stream: (ids) => chatStream(ids),
};

/** A Chat Completions `finish_reason` as a FinishReason (servers that say `stop` with calls mean calls). */
function chatFinish(reason: string, hasCalls: boolean): FinishReason {
  if (reason === "length") return "length";
  if (reason === "content_filter") return "content-filter";
  if (hasCalls || reason === "tool_calls" || reason === "function_call") return "tool-calls";
  return reason === "stop" || reason === "" ? "stop" : "other";
}

function chatMessages(request: ModelRequest): JsonValue[] {
  const out: JsonValue[] = [];
  if (request.system) out.push({ role: "system", content: request.system });
  for (const message of request.messages) out.push(...chatMessage(message));
  return out;
}

function chatMessage(message: Message): JsonValue[] {
  switch (message.role) {
    case "user":
      return [{ role: "user", content: userContent(message.parts) }];
    case "assistant": {
      const out: { [k: string]: JsonValue } = {
        role: "assistant",
        content: message.text === "" && message.toolCalls.length > 0 ? null : message.text,
      };
      if (message.toolCalls.length > 0) {
        out.tool_calls = message.toolCalls.map((c) => ({
          id: c.id,
          type: "function",
          function: { name: c.name, arguments: argumentsText(c) },
        }));
      }
      return [out];
    }
    case "tool": {
      // Tool messages carry text only; images follow in one user message.
      const out: JsonValue[] = message.results.map((r) => ({
        role: "tool",
        tool_call_id: r.callId,
        content: resultText(r.parts),
      }));
      const images: JsonValue[] = [];
      for (const r of message.results) {
        const found = partsImages(r.parts);
        if (found.length === 0) continue;
        images.push({ type: "text", text: `Images from ${r.name} (${r.callId}):` });
        for (const image of found) images.push({ type: "image_url", image_url: { url: dataUrl(image) } });
      }
      if (images.length > 0) out.push({ role: "user", content: images });
      return out;
    }
  }
}

function userContent(parts: readonly ContentPart[]): JsonValue {
  if (parts.every((p) => p.type === "text")) return messageText({ role: "user", parts });
  return parts.map((p) =>
    p.type === "text"
      ? { type: "text", text: p.text }
      : { type: "image_url", image_url: { url: dataUrl(p) } },
  );
}
