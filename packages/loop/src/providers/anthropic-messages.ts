import type { JsonValue } from "@toolkit/core";
import type { IdGen } from "../runtime/id-gen.js";
import type { ContentPart, Message, ReasoningPart, ToolCallPart } from "../model/messages.js";
import type { FinishReason, ModelClient, ModelReply, ModelRequest } from "../model/model-client.js";
import { anthropicStream } from "./anthropic-messages-stream.js";
import { type CommonClientOptions, createModelClient } from "./create-model-client.js";
import { field, list, object, text, tokens } from "./read-json.js";
import type { ToolChoice } from "./model-options.js";
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
  /** `max_tokens` of each request (`maxOutputTokens` wins); with `thinking`, the budget is added to it. @default 4096 */
  maxTokens?: number;
  /**
   * Prompt-cache breakpoints: `"auto"` puts `cache_control: { type: "ephemeral" }`
   * on the last tool, the system prompt and the newest user turn (3 of the 4
   * the API allows); `"off"` sends none. Prompts shorter than the model's
   * minimum cacheable length are simply not cached, so `"auto"` costs nothing
   * there. @default "auto"
   */
  cache?: "auto" | "off";
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
  const budget = options.thinking?.budgetTokens;
  if (budget !== undefined && (!Number.isInteger(budget) || budget < 1024)) {
    throw new TypeError(
      `anthropicMessages: \`thinking.budgetTokens\` must be an integer >= 1024, got ${JSON.stringify(budget)}`,
    );
  }
  return createModelClient({
    ...rest,
    baseUrl,
    maxTokens,
    codec: anthropicMessagesCodec,
    owner: "anthropicMessages",
  });
}

/** One breakpoint: cache everything up to and including this block. */
const EPHEMERAL = { type: "ephemeral" } as const;

/** The Messages wire format. */
export const anthropicMessagesCodec: WireCodec = {
  provider: "anthropic-messages",
  path: "/v1/messages",
  headers: (apiKey) => ({
    "content-type": "application/json",
    "anthropic-version": ANTHROPIC_VERSION,
    ...(apiKey ? { "x-api-key": apiKey } : {}),
  }),
  encode(request: ModelRequest, { model, maxTokens, settings = {} }) {
    const cache = settings.cache !== "off";
    const budget = settings.thinking?.budgetTokens;
    // The thinking budget counts against max_tokens: add it, so the answer keeps its room (as the AI SDK does).
    const body: { [k: string]: JsonValue } = { model, max_tokens: (maxTokens ?? 4096) + (budget ?? 0) };
    if (request.system) {
      body.system = cache
        ? [{ type: "text", text: request.system, cache_control: EPHEMERAL }]
        : request.system;
    }
    const turns = mergeRoles(request.messages.map(anthropicMessage));
    if (cache) markNewestUserTurn(turns);
    body.messages = turns.map((t) => ({ role: t.role, content: t.content }));
    // A typed final answer is a final tool: the model answers by calling it.
    const output = request.output;
    const tools = output
      ? [
          ...request.tools,
          { tool: output.name, description: output.description, input_schema: output.schema },
        ]
      : request.tools;
    const hasTools = tools.length > 0;
    if (hasTools) {
      const strict = request.constraint === "strict";
      body.tools = tools.map((t, i) => {
        const out: { [k: string]: JsonValue } = {
          name: t.tool,
          description: t.description,
          input_schema: toolParameters({ schema: t.input_schema, strict }),
        };
        if (cache && i === tools.length - 1) out.cache_control = EPHEMERAL;
        return out;
      });
    }
    if (budget !== undefined) body.thinking = { type: "enabled", budget_tokens: budget };
    // Extended thinking does not take a temperature: it is left out.
    if (settings.temperature !== undefined && budget === undefined) body.temperature = settings.temperature;
    const choice = hasTools ? toolChoice(settings.toolChoice, settings.parallelToolCalls) : undefined;
    if (output && request.tools.length === 0) body.tool_choice = { type: "tool", name: output.name };
    else if (choice) body.tool_choice = choice;
    if (settings.stream) body.stream = true;
    return body;
  },
  decode(body: unknown, _ids: IdGen): ModelReply {
    const texts: string[] = [];
    const toolCalls: ToolCallPart[] = [];
    const reasoning: ReasoningPart[] = [];
    for (const [i, raw] of list(field(body, "content"), "content").entries()) {
      const block = object(raw, `content[${i}]`);
      if (block.type === "text") texts.push(text(block.text));
      else if (block.type === "tool_use") {
        if (typeof block.id !== "string" || typeof block.name !== "string") {
          throw new TypeError(`\`content[${i}]\` tool_use needs an id and a name`);
        }
        toolCalls.push({ id: block.id, name: block.name, input: (block.input ?? {}) as JsonValue });
      } else if (block.type === "thinking" || block.type === "redacted_thinking") {
        reasoning.push({
          type: "reasoning",
          text: text(block.thinking),
          provider: "anthropic-messages",
          data: block as JsonValue,
          callsBefore: toolCalls.length,
        });
      }
    }
    const usage = field(body, "usage");
    const stopReason = text(field(body, "stop_reason"));
    // A reply cut at max_tokens cut its last tool_use too: it must not run as if complete.
    const blocks = list(field(body, "content"), "content");
    const lastCall = toolCalls[toolCalls.length - 1];
    if (stopReason === "max_tokens" && lastCall && field(blocks[blocks.length - 1], "type") === "tool_use") {
      toolCalls[toolCalls.length - 1] = { ...lastCall, invalidArguments: JSON.stringify(lastCall.input) };
    }
    const cacheRead = tokens(usage, "cache_read_input_tokens");
    const cacheWrite = tokens(usage, "cache_creation_input_tokens");
    return {
      text: texts.join(""),
      toolCalls,
      ...(reasoning.length > 0 ? { reasoning } : {}),
      finishReason: anthropicFinish(stopReason, toolCalls.length > 0),
      stopReason,
      usage: {
        inputTokens: tokens(usage, "input_tokens") + cacheRead + cacheWrite,
        outputTokens: tokens(usage, "output_tokens"),
        cachedInputTokens: cacheRead,
        cacheWriteTokens: cacheWrite,
        reasoningTokens: 0,
      },
    };
  },
  stream: (ids) => anthropicStream(ids),
};

/** A Messages `stop_reason` as a FinishReason. */
function anthropicFinish(reason: string, hasCalls: boolean): FinishReason {
  switch (reason) {
    case "max_tokens":
    case "model_context_window_exceeded":
      return "length";
    case "refusal":
      return "refusal";
    case "tool_use":
      return "tool-calls";
    case "end_turn":
    case "stop_sequence":
    case "":
      return hasCalls ? "tool-calls" : "stop";
    default:
      return "other";
  }
}

/** `tool_choice` for a choice and the parallel switch; undefined when neither is set. */
function toolChoice(choice: ToolChoice | undefined, parallel: boolean | undefined): JsonValue | undefined {
  if (choice === undefined && parallel === undefined) return undefined;
  const out: { [k: string]: JsonValue } =
    choice === undefined || choice === "auto"
      ? { type: "auto" }
      : choice === "required"
        ? { type: "any" }
        : choice === "none"
          ? { type: "none" }
          : { type: "tool", name: choice.name };
  if (parallel === false && out.type !== "none") out.disable_parallel_tool_use = true;
  return out;
}

interface Turn {
  role: "user" | "assistant";
  content: JsonValue[];
}

/** A breakpoint on the last block of the newest user turn. */
function markNewestUserTurn(turns: Turn[]): void {
  const turn = [...turns].reverse().find((t) => t.role === "user");
  const last = turn?.content[turn.content.length - 1];
  if (turn && last !== null && typeof last === "object" && !Array.isArray(last)) {
    turn.content[turn.content.length - 1] = { ...last, cache_control: EPHEMERAL };
  }
}

function anthropicMessage(message: Message): Turn {
  switch (message.role) {
    case "user":
      return { role: "user", content: blocks(message.parts) };
    case "assistant": {
      // Thinking blocks go back byte for byte, each in its place before the call that followed it.
      const mine = (message.reasoning ?? []).filter(
        (r) => r.provider === "anthropic-messages" && r.data !== undefined,
      );
      const before = (k: number) => mine.filter((r) => r.callsBefore === k).map((r) => r.data as JsonValue);
      const content: JsonValue[] = [...before(0)];
      if (message.text !== "") content.push({ type: "text", text: message.text });
      for (const [i, c] of message.toolCalls.entries()) {
        if (i > 0) content.push(...before(i));
        content.push({ type: "tool_use", id: c.id, name: c.name, input: c.input });
      }
      if (message.toolCalls.length > 0) content.push(...before(message.toolCalls.length));
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
function mergeRoles(turns: Turn[]): Turn[] {
  const out: Turn[] = [];
  for (const turn of turns) {
    const last = out[out.length - 1];
    if (last && last.role === turn.role) last.content = [...last.content, ...turn.content];
    else out.push({ role: turn.role, content: [...turn.content] });
  }
  return out;
}
