import type { JsonValue } from "@toolkit/core";
import type { IdGen } from "../id-gen.js";
import { type ContentPart, dataUrl, type Message, partsImages, partsText } from "../messages.js";
import type { ModelClient, ModelReply, ModelRequest } from "../model-client.js";
import { type CommonClientOptions, createModelClient } from "./create-model-client.js";
import { argumentsText, callFromArguments } from "./parse-arguments.js";
import { field, list, object, text, tokens } from "./read-json.js";
import { resultText } from "./result-text.js";
import { toolParameters } from "./tool-parameters.js";
import type { WireCodec } from "./wire-codec.js";

/** Options for `openaiChat`. */
export interface OpenAIChatOptions extends CommonClientOptions {
  /** The API root including `/v1`, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
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
  encode(request: ModelRequest, { model, maxTokens }) {
    const body: { [k: string]: JsonValue } = { model, messages: chatMessages(request) };
    if (maxTokens !== undefined) body.max_completion_tokens = maxTokens;
    if (request.tools.length > 0) {
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
    return {
      text: text(field(message, "content")),
      toolCalls,
      stopReason: text(field(choice, "finish_reason")),
      usage: {
        inputTokens: tokens(usage, "prompt_tokens"),
        outputTokens: tokens(usage, "completion_tokens"),
      },
    };
  },
};

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
  if (parts.every((p) => p.type === "text")) return partsText(parts);
  return parts.map((p) =>
    p.type === "text"
      ? { type: "text", text: p.text }
      : { type: "image_url", image_url: { url: dataUrl(p) } },
  );
}
