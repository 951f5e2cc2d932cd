import type { JsonValue } from "@toolkit/core";
import type { IdGen } from "../id-gen.js";
import type { ContentPart, Message, ToolCallPart } from "../messages.js";
import type { ModelClient, ModelReply, ModelRequest } from "../model-client.js";
import { type CommonClientOptions, createModelClient } from "./create-model-client.js";
import { field, list, object, text, tokens } from "./read-json.js";
import { EMPTY_RESULT_TEXT } from "./result-text.js";
import { toolParameters } from "./tool-parameters.js";
import type { WireCodec } from "./wire-codec.js";

/** The `anthropic-version` header sent with each request. */
export const ANTHROPIC_VERSION = "2023-06-01";

/** Options for `anthropicMessages`. */
export interface AnthropicMessagesOptions extends CommonClientOptions {
  /** The API key (required by Anthropic; a local stand-in may accept any). */
  apiKey: string;
  /** The API root without `/v1`. @default "https://api.anthropic.com" */
  baseUrl?: string;
  /** `max_tokens` of each request. @default 4096 */
  maxTokens?: number;
}

/**
 * A client for the Anthropic Messages API.
 *
 * @example
 * const model = anthropicMessages({ apiKey: process.env.ANTHROPIC_API_KEY, model: "claude-sonnet-4-5" });
 */
export function anthropicMessages(options: AnthropicMessagesOptions): ModelClient {
  const { baseUrl = "https://api.anthropic.com", maxTokens = 4096, ...rest } = options;
  if (typeof options.apiKey !== "string") {
    throw new TypeError("anthropicMessages: `apiKey` must be a string");
  }
  return createModelClient({
    ...rest,
    baseUrl,
    maxTokens,
    codec: anthropicMessagesCodec,
    owner: "anthropicMessages",
  });
}

/** The Messages wire format. */
export const anthropicMessagesCodec: WireCodec = {
  provider: "anthropic-messages",
  path: "/v1/messages",
  headers: (apiKey) => ({
    "content-type": "application/json",
    "anthropic-version": ANTHROPIC_VERSION,
    ...(apiKey ? { "x-api-key": apiKey } : {}),
  }),
  encode(request: ModelRequest, { model, maxTokens }) {
    const body: { [k: string]: JsonValue } = { model, max_tokens: maxTokens ?? 4096 };
    if (request.system) body.system = request.system;
    body.messages = mergeRoles(request.messages.map(anthropicMessage));
    if (request.tools.length > 0) {
      const strict = request.constraint === "strict";
      body.tools = request.tools.map((t) => ({
        name: t.tool,
        description: t.description,
        input_schema: toolParameters({ schema: t.input_schema, strict }),
      }));
    }
    return body;
  },
  decode(body: unknown, _ids: IdGen): ModelReply {
    const texts: string[] = [];
    const toolCalls: ToolCallPart[] = [];
    for (const [i, raw] of list(field(body, "content"), "content").entries()) {
      const block = object(raw, `content[${i}]`);
      if (block.type === "text") texts.push(text(block.text));
      else if (block.type === "tool_use") {
        if (typeof block.id !== "string" || typeof block.name !== "string") {
          throw new TypeError(`\`content[${i}]\` tool_use needs an id and a name`);
        }
        toolCalls.push({ id: block.id, name: block.name, input: (block.input ?? {}) as JsonValue });
      }
    }
    const usage = field(body, "usage");
    return {
      text: texts.join(""),
      toolCalls,
      stopReason: text(field(body, "stop_reason")),
      usage: { inputTokens: tokens(usage, "input_tokens"), outputTokens: tokens(usage, "output_tokens") },
    };
  },
};

interface Turn {
  role: "user" | "assistant";
  content: JsonValue[];
}

function anthropicMessage(message: Message): Turn {
  switch (message.role) {
    case "user":
      return { role: "user", content: blocks(message.parts) };
    case "assistant": {
      const content: JsonValue[] = message.text === "" ? [] : [{ type: "text", text: message.text }];
      for (const c of message.toolCalls)
        content.push({ type: "tool_use", id: c.id, name: c.name, input: c.input });
      return { role: "assistant", content };
    }
    case "tool":
      return {
        role: "user",
        content: message.results.map((r) => {
          const content = blocks(r.parts);
          const block: { [k: string]: JsonValue } = {
            type: "tool_result",
            tool_use_id: r.callId,
            content: content.length > 0 ? content : [{ type: "text", text: EMPTY_RESULT_TEXT }],
          };
          if (r.isError) block.is_error = true;
          return block;
        }),
      };
  }
}

/** Text blocks (empty ones dropped: the API rejects them) and base64 image blocks. */
function blocks(parts: readonly ContentPart[]): JsonValue[] {
  const out: JsonValue[] = [];
  for (const p of parts) {
    if (p.type === "text") {
      if (p.text !== "") out.push({ type: "text", text: p.text });
    } else {
      out.push({ type: "image", source: { type: "base64", media_type: p.mediaType, data: p.data } });
    }
  }
  return out;
}

/** The API wants alternating roles: consecutive turns of one role become one. */
function mergeRoles(turns: Turn[]): JsonValue[] {
  const out: Turn[] = [];
  for (const turn of turns) {
    const last = out[out.length - 1];
    if (last && last.role === turn.role) last.content = [...last.content, ...turn.content];
    else out.push({ role: turn.role, content: [...turn.content] });
  }
  return out.map((t) => ({ role: t.role, content: t.content }));
}
