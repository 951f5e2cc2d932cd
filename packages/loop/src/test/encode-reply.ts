import type { IdGen } from "../runtime/id-gen.js";
import type { Dialect, ScriptedCall, ScriptedFailure, ScriptedReply } from "./script.js";

interface EncodeReplyContext {
  model: string;
  ids: IdGen;
  inputTokens: number;
}

/** A scripted reply in a dialect's response shape. */
export function encodeReply(dialect: Dialect, reply: ScriptedReply, context: EncodeReplyContext): unknown {
  switch (dialect) {
    case "openai-chat":
      return chatReply(reply, context);
    case "openai-responses":
      return responsesReply(reply, context);
    case "anthropic-messages":
      return anthropicReply(reply, context);
    case "gemini-generate-content":
      return geminiReply(reply, context);
  }
}

function args(c: ScriptedCall): string {
  return c.raw && typeof c.input === "string" ? c.input : JSON.stringify(c.input);
}

function counts(reply: ScriptedReply, inputTokens: number) {
  const text = (reply.text ?? "") + (reply.refusal ?? "");
  const calls = reply.toolCalls ?? [];
  const reasoning = (reply.reasoning ?? []).map((r) => r.text ?? "").join("");
  return {
    input: inputTokens,
    output: Math.ceil((text.length + JSON.stringify(calls).length + reasoning.length) / 4),
    cached: reply.usage?.cachedInputTokens ?? 0,
    cacheWrite: reply.usage?.cacheWriteTokens ?? 0,
    reasoning: reply.usage?.reasoningTokens ?? 0,
  };
}

/** OpenAI usage (Chat: `prompt`/`completion`, Responses: `input`/`output`), with details when scripted. */
function openaiUsage(
  reply: ScriptedReply,
  n: ReturnType<typeof counts>,
  input: string,
  output: string,
): Record<string, unknown> {
  const usage: Record<string, unknown> = {
    [`${input}_tokens`]: n.input,
    [`${output}_tokens`]: n.output,
    total_tokens: n.input + n.output,
  };
  if (reply.usage) {
    usage[`${input}_tokens_details`] = { cached_tokens: n.cached };
    usage[`${output}_tokens_details`] = { reasoning_tokens: n.reasoning };
  }
  return usage;
}

function chatReply(reply: ScriptedReply, { model, ids, inputTokens }: EncodeReplyContext): unknown {
  const text = reply.text ?? "";
  const calls = reply.toolCalls ?? [];
  const message: Record<string, unknown> = {
    role: "assistant",
    content: reply.refusal !== undefined || (text === "" && calls.length) ? null : text,
  };
  if (reply.refusal !== undefined) message.refusal = reply.refusal;
  if (reply.reasoning?.length) message.reasoning_content = reply.reasoning.map((r) => r.text ?? "").join("");
  if (calls.length) {
    message.tool_calls = calls.map((c) => ({
      id: c.id ?? ids.next("call_"),
      type: "function",
      function: { name: c.name, arguments: args(c) },
    }));
  }
  const finish =
    reply.finishReason === "length"
      ? "length"
      : reply.finishReason === "content-filter"
        ? "content_filter"
        : calls.length
          ? "tool_calls"
          : "stop";
  const usage = openaiUsage(reply, counts(reply, inputTokens), "prompt", "completion");
  return {
    id: ids.next("chatcmpl-"),
    object: "chat.completion",
    created: 0,
    model,
    choices: [{ index: 0, message, finish_reason: finish, logprobs: null }],
    usage,
  };
}

function responsesReply(reply: ScriptedReply, { model, ids, inputTokens }: EncodeReplyContext): unknown {
  const text = reply.text ?? "";
  const output: unknown[] = [];
  for (const r of reply.reasoning ?? []) {
    const id = ids.next("rs_");
    output.push({
      id,
      type: "reasoning",
      summary: r.text ? [{ type: "summary_text", text: r.text }] : [],
      encrypted_content: `encrypted:${id}`,
    });
  }
  const content: unknown[] = [];
  if (text !== "") content.push({ type: "output_text", text, annotations: [] });
  if (reply.refusal !== undefined) content.push({ type: "refusal", refusal: reply.refusal });
  if (content.length > 0) {
    output.push({ type: "message", id: ids.next("msg_"), role: "assistant", status: "completed", content });
  }
  for (const c of reply.toolCalls ?? []) {
    output.push({
      type: "function_call",
      id: ids.next("fc_"),
      call_id: c.id ?? ids.next("call_"),
      name: c.name,
      arguments: args(c),
      status: "completed",
    });
  }
  const usage = openaiUsage(reply, counts(reply, inputTokens), "input", "output");
  const incomplete =
    reply.finishReason === "length"
      ? "max_output_tokens"
      : reply.finishReason === "content-filter"
        ? "content_filter"
        : undefined;
  return {
    id: ids.next("resp_"),
    object: "response",
    status: incomplete ? "incomplete" : "completed",
    ...(incomplete ? { incomplete_details: { reason: incomplete } } : {}),
    model,
    output,
    usage,
  };
}

function anthropicReply(reply: ScriptedReply, { model, ids, inputTokens }: EncodeReplyContext): unknown {
  const text = (reply.text ?? "") + (reply.refusal ?? "");
  const calls = reply.toolCalls ?? [];
  const content: unknown[] = [];
  for (const r of reply.reasoning ?? []) {
    const id = ids.next("sig_");
    content.push(
      r.redacted
        ? { type: "redacted_thinking", data: `redacted:${id}` }
        : { type: "thinking", thinking: r.text ?? "", signature: `signature:${id}` },
    );
  }
  if (text !== "") content.push({ type: "text", text });
  for (const c of calls) {
    // A cut call's input is a string of partial JSON; Anthropic sends what it parsed, or nothing.
    const input = c.raw && typeof c.input === "string" ? {} : c.input;
    content.push({ type: "tool_use", id: c.id ?? ids.next("toolu_"), name: c.name, input });
  }
  const n = counts(reply, inputTokens);
  const usage: Record<string, unknown> = { input_tokens: n.input, output_tokens: n.output };
  if (reply.usage) {
    usage.input_tokens = Math.max(0, n.input - n.cached - n.cacheWrite);
    usage.cache_creation_input_tokens = n.cacheWrite;
    usage.cache_read_input_tokens = n.cached;
  }
  const stop =
    reply.refusal !== undefined
      ? "refusal"
      : reply.finishReason === "length"
        ? "max_tokens"
        : calls.length
          ? "tool_use"
          : "end_turn";
  return {
    id: ids.next("msg_"),
    type: "message",
    role: "assistant",
    model,
    content,
    stop_reason: stop,
    stop_sequence: null,
    usage,
  };
}

function geminiReply(reply: ScriptedReply, { model, ids, inputTokens }: EncodeReplyContext): unknown {
  const parts: Record<string, unknown>[] = [];
  const reasoning = reply.reasoning ?? [];
  for (const r of reasoning) if (r.text) parts.push({ text: r.text, thought: true });
  const text = (reply.text ?? "") + (reply.refusal ?? "");
  if (text !== "") parts.push({ text });
  for (const [i, c] of (reply.toolCalls ?? []).entries()) {
    const part: Record<string, unknown> = {
      functionCall: { ...(c.id ? { id: c.id } : {}), name: c.name, args: c.input },
    };
    // Gemini signs the first call of a reply that thought.
    if (i === 0 && reasoning.length > 0) part.thoughtSignature = `signature:${ids.next("sig_")}`;
    parts.push(part);
  }
  const n = counts(reply, inputTokens);
  const finish =
    reply.refusal !== undefined
      ? "SAFETY"
      : reply.finishReason === "length"
        ? "MAX_TOKENS"
        : reply.finishReason === "content-filter"
          ? "PROHIBITED_CONTENT"
          : "STOP";
  const usage: Record<string, unknown> = {
    promptTokenCount: n.input,
    candidatesTokenCount: n.output,
    totalTokenCount: n.input + n.output + n.reasoning,
  };
  if (reply.usage) {
    usage.cachedContentTokenCount = n.cached;
    usage.thoughtsTokenCount = n.reasoning;
  }
  return {
    candidates: [{ content: { role: "model", parts }, finishReason: finish, index: 0 }],
    usageMetadata: usage,
    modelVersion: model,
    responseId: ids.next("resp_"),
  };
}

/** A scripted failure in a dialect's error shape. */
export function encodeFailure(dialect: Dialect, failure: ScriptedFailure): unknown {
  const message = failure.message ?? `scripted failure (HTTP ${failure.status})`;
  const type =
    failure.status === 429
      ? "rate_limit_error"
      : failure.status >= 500
        ? "api_error"
        : "invalid_request_error";
  if (dialect === "anthropic-messages") return { type: "error", error: { type, message } };
  if (dialect === "gemini-generate-content") {
    return {
      error: {
        code: failure.status,
        message,
        status: failure.status === 429 ? "RESOURCE_EXHAUSTED" : "INVALID_ARGUMENT",
      },
    };
  }
  return { error: { message, type } };
}
