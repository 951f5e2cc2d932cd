import type { JsonValue } from "@toolkit/core";
import type { IdGen } from "../runtime/id-gen.js";
import {
  type ContentPart,
  dataUrl,
  type Message,
  partsImages,
  type ReasoningPart,
  type ToolCallPart,
} from "../model/messages.js";
import type { FinishReason, ModelClient, ModelReply, ModelRequest } from "../model/model-client.js";
import { responsesStream } from "./openai-responses-stream.js";
import { type CommonClientOptions, createModelClient } from "./create-model-client.js";
import { argumentsText, callFromArguments } from "./parse-arguments.js";
import { field, list, nestedTokens, object, text, tokens } from "./read-json.js";
import { resultText } from "./result-text.js";
import { toolParameters } from "./tool-parameters.js";
import type { EncodeSettings, WireCodec } from "./wire-codec.js";

/** Options for `openaiResponses`. */
export interface OpenAIResponsesOptions extends CommonClientOptions {
  /** The API root including `/v1`, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  /**
   * Sent as `prompt_cache_key`, which routes requests of one conversation to
   * the same prompt cache: a string is sent as is, `true` sends the loop's
   * session id, `false` sends nothing. @default the session id against
   * OpenAI's own API (`api.openai.com`), nothing against other servers (an
   * OpenAI-compatible server may refuse a field it does not know)
   */
  promptCacheKey?: string | boolean;
  /**
   * Ask for `reasoning.encrypted_content`, so reasoning items can be sent back
   * with `store: false`. @default true for `reasoning` or a reasoning model (o1, o3, o4, gpt-5, codex)
   */
  includeReasoning?: boolean;
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
  encode(request: ModelRequest, { model, maxTokens, settings = {} }) {
    const body: { [k: string]: JsonValue } = { model };
    if (request.system) body.instructions = request.system;
    body.input = request.messages.flatMap(inputItems);
    const hasTools = request.tools.length > 0;
    if (hasTools) {
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
    if (wantsReasoning(model, settings)) body.include = ["reasoning.encrypted_content"];
    if (request.output) {
      const { name, description, schema } = request.output;
      body.text = { format: { type: "json_schema", name, description, schema, strict: false } };
    }
    if (settings.temperature !== undefined) body.temperature = settings.temperature;
    if (hasTools && settings.toolChoice !== undefined) {
      const choice = settings.toolChoice;
      body.tool_choice = typeof choice === "string" ? choice : { type: "function", name: choice.name };
    }
    if (hasTools && settings.parallelToolCalls !== undefined)
      body.parallel_tool_calls = settings.parallelToolCalls;
    if (settings.reasoning) body.reasoning = { effort: settings.reasoning.effort };
    if (settings.promptCacheKey !== undefined) body.prompt_cache_key = settings.promptCacheKey;
    if (settings.stream) body.stream = true;
    return body;
  },
  decode(body: unknown, ids: IdGen): ModelReply {
    const texts: string[] = [];
    const refusals: string[] = [];
    const toolCalls: ToolCallPart[] = [];
    const reasoning: ReasoningPart[] = [];
    for (const [i, raw] of list(field(body, "output"), "output").entries()) {
      const item = object(raw, `output[${i}]`);
      if (item.type === "message") {
        for (const part of list(item.content ?? [], `output[${i}].content`)) {
          const type = field(part, "type");
          if (type === "output_text") texts.push(text(field(part, "text")));
          else if (type === "refusal") refusals.push(text(field(part, "refusal")));
        }
      } else if (item.type === "function_call") {
        toolCalls.push(callFromArguments({ id: item.call_id, name: item.name, text: item.arguments }, ids));
      } else if (item.type === "reasoning") {
        reasoning.push({
          type: "reasoning",
          text: reasoningText(item),
          provider: "openai-responses",
          data: item as JsonValue,
          callsBefore: toolCalls.length,
        });
      }
    }
    const usage = field(body, "usage");
    const status = text(field(body, "status"));
    const incomplete = text(field(field(body, "incomplete_details"), "reason"));
    const refusal = refusals.join("");
    return {
      text: refusal || texts.join(""),
      toolCalls,
      ...(reasoning.length > 0 ? { reasoning } : {}),
      finishReason: refusal ? "refusal" : responsesFinish(status, incomplete, toolCalls.length > 0),
      stopReason: toolCalls.length > 0 ? "tool_calls" : status || "completed",
      usage: {
        inputTokens: tokens(usage, "input_tokens"),
        outputTokens: tokens(usage, "output_tokens"),
        cachedInputTokens: nestedTokens(usage, "input_tokens_details", "cached_tokens"),
        cacheWriteTokens: nestedTokens(usage, "input_tokens_details", "cache_write_tokens"),
        reasoningTokens: nestedTokens(usage, "output_tokens_details", "reasoning_tokens"),
      },
    };
  },
  stream: (ids) => responsesStream(ids),
};

/** Model names of OpenAI's reasoning families (as the OpenAI SDKs and the AI SDK tell them apart). */
const REASONING_MODEL = /^(o\d|gpt-5|codex)/;

/**
 * Whether to ask for encrypted reasoning: when told, else for a reasoning
 * effort or a reasoning model. Without it, `store: false` loses the
 * reasoning between turns.
 */
function wantsReasoning(model: string, settings: EncodeSettings): boolean {
  if (settings.includeReasoning !== undefined) return settings.includeReasoning;
  return settings.reasoning !== undefined || REASONING_MODEL.test(model);
}

/** A Responses status (and incomplete reason) as a FinishReason. */
function responsesFinish(status: string, incomplete: string, hasCalls: boolean): FinishReason {
  if (status === "incomplete") {
    if (incomplete === "max_output_tokens") return "length";
    if (incomplete === "content_filter") return "content-filter";
    return "other";
  }
  if (hasCalls) return "tool-calls";
  return status === "completed" || status === "" ? "stop" : "other";
}

/** The readable text of a reasoning item: its summary parts, else its reasoning text parts. */
function reasoningText(item: Record<string, unknown>): string {
  const parts = (key: string) =>
    (Array.isArray(item[key]) ? (item[key] as unknown[]) : [])
      .map((p) => text(field(p, "text")))
      .filter(Boolean);
  const summary = parts("summary");
  return (summary.length > 0 ? summary : parts("content")).join("\n\n");
}

function inputItems(message: Message): JsonValue[] {
  switch (message.role) {
    case "user":
      return [{ type: "message", role: "user", content: message.parts.map(inputPart) }];
    case "assistant": {
      // Reasoning items go back verbatim, each in its place before the call that followed it.
      const mine = (message.reasoning ?? []).filter(
        (r) => r.provider === "openai-responses" && r.data !== undefined,
      );
      const before = (k: number) => mine.filter((r) => r.callsBefore === k).map((r) => r.data as JsonValue);
      const out: JsonValue[] = [...before(0)];
      if (message.text !== "") {
        // An earlier reply's text goes back as an easy input message (string content).
        out.push({ type: "message", role: "assistant", content: message.text });
      }
      for (const [i, c] of message.toolCalls.entries()) {
        if (i > 0) out.push(...before(i));
        out.push({ type: "function_call", call_id: c.id, name: c.name, arguments: argumentsText(c) });
      }
      if (message.toolCalls.length > 0) out.push(...before(message.toolCalls.length));
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
