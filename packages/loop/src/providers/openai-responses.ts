import type { JsonValue } from "@toolkit/core";
import type { IdGen } from "../id-gen.js";
import { type ContentPart, dataUrl, type Message, partsImages } from "../messages.js";
import type { ModelClient, ModelReply, ModelRequest } from "../model-client.js";
import { type CommonClientOptions, createModelClient } from "./create-model-client.js";
import { argumentsText, callFromArguments } from "./parse-arguments.js";
import { field, list, object, text, tokens } from "./read-json.js";
import { resultText } from "./result-text.js";
import { toolParameters } from "./tool-parameters.js";
import type { WireCodec } from "./wire-codec.js";

/** Options for `openaiResponses`. */
export interface OpenAIResponsesOptions extends CommonClientOptions {
  /** The API root including `/v1`, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
}

/**
 * A client for the OpenAI Responses API, used statelessly (`store: false`;
 * the whole conversation is sent each turn, so the bytes are reproducible).
 *
 * @example
 * const model = openaiResponses({ baseUrl: "https://api.openai.com/v1", apiKey, model: "gpt-4.1" });
 */
export function openaiResponses(options: OpenAIResponsesOptions): ModelClient {
  return createModelClient({ ...options, codec: openaiResponsesCodec, owner: "openaiResponses" });
}

/** The Responses wire format. */
export const openaiResponsesCodec: WireCodec = {
  provider: "openai-responses",
  path: "/responses",
  headers: (apiKey) => ({
    "content-type": "application/json",
    ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
  }),
  encode(request: ModelRequest, { model, maxTokens }) {
    const body: { [k: string]: JsonValue } = { model };
    if (request.system) body.instructions = request.system;
    body.input = request.messages.flatMap(inputItems);
    if (request.tools.length > 0) {
      const strict = request.constraint === "strict";
      body.tools = request.tools.map((t) => ({
        type: "function",
        name: t.tool,
        description: t.description,
        parameters: toolParameters({ schema: t.input_schema, strict }),
        strict,
      }));
    }
    if (maxTokens !== undefined) body.max_output_tokens = maxTokens;
    body.store = false;
    return body;
  },
  decode(body: unknown, ids: IdGen): ModelReply {
    const texts: string[] = [];
    const toolCalls = [];
    for (const [i, raw] of list(field(body, "output"), "output").entries()) {
      const item = object(raw, `output[${i}]`);
      if (item.type === "message") {
        for (const part of list(item.content ?? [], `output[${i}].content`)) {
          if (field(part, "type") === "output_text") texts.push(text(field(part, "text")));
        }
      } else if (item.type === "function_call") {
        toolCalls.push(callFromArguments({ id: item.call_id, name: item.name, text: item.arguments }, ids));
      }
    }
    const usage = field(body, "usage");
    return {
      text: texts.join(""),
      toolCalls,
      stopReason: toolCalls.length > 0 ? "tool_calls" : text(field(body, "status")) || "completed",
      usage: { inputTokens: tokens(usage, "input_tokens"), outputTokens: tokens(usage, "output_tokens") },
    };
  },
};

function inputItems(message: Message): JsonValue[] {
  switch (message.role) {
    case "user":
      return [{ type: "message", role: "user", content: message.parts.map(inputPart) }];
    case "assistant": {
      const out: JsonValue[] = [];
      if (message.text !== "") {
        // An earlier reply's text goes back as an easy input message (string content).
        out.push({ type: "message", role: "assistant", content: message.text });
      }
      for (const c of message.toolCalls) {
        out.push({ type: "function_call", call_id: c.id, name: c.name, arguments: argumentsText(c) });
      }
      return out;
    }
    case "tool":
      return message.results.map((r) => ({
        type: "function_call_output",
        call_id: r.callId,
        output: partsImages(r.parts).length > 0 ? r.parts.map(inputPart) : resultText(r.parts),
      }));
  }
}

function inputPart(part: ContentPart): JsonValue {
  return part.type === "text"
    ? { type: "input_text", text: part.text }
    : { type: "input_image", image_url: dataUrl(part) };
}
