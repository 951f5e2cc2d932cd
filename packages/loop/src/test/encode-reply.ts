import type { IdGen } from "../id-gen.js";
import type { Dialect, ScriptedCall, ScriptedFailure, ScriptedReply } from "./script.js";

/** A scripted reply in a dialect's response shape. */
export function encodeReply(
  dialect: Dialect,
  reply: ScriptedReply,
  { model, ids, inputTokens }: { model: string; ids: IdGen; inputTokens: number },
): unknown {
  const text = reply.text ?? "";
  const calls = reply.toolCalls ?? [];
  const outputTokens = Math.ceil((text.length + JSON.stringify(calls).length) / 4);
  const args = (c: ScriptedCall) =>
    c.raw && typeof c.input === "string" ? c.input : JSON.stringify(c.input);
  if (dialect === "openai-chat") {
    const message: Record<string, unknown> = {
      role: "assistant",
      content: text === "" && calls.length ? null : text,
    };
    if (calls.length) {
      message.tool_calls = calls.map((c) => ({
        id: c.id ?? ids.next("call_"),
        type: "function",
        function: { name: c.name, arguments: args(c) },
      }));
    }
    return {
      id: ids.next("chatcmpl-"),
      object: "chat.completion",
      created: 0,
      model,
      choices: [{ index: 0, message, finish_reason: calls.length ? "tool_calls" : "stop" }],
      usage: {
        prompt_tokens: inputTokens,
        completion_tokens: outputTokens,
        total_tokens: inputTokens + outputTokens,
      },
    };
  }
  if (dialect === "openai-responses") {
    const output: unknown[] = [];
    if (text !== "") {
      output.push({
        type: "message",
        id: ids.next("msg_"),
        role: "assistant",
        status: "completed",
        content: [{ type: "output_text", text, annotations: [] }],
      });
    }
    for (const c of calls) {
      output.push({
        type: "function_call",
        id: ids.next("fc_"),
        call_id: c.id ?? ids.next("call_"),
        name: c.name,
        arguments: args(c),
        status: "completed",
      });
    }
    return {
      id: ids.next("resp_"),
      object: "response",
      status: "completed",
      model,
      output,
      usage: {
        input_tokens: inputTokens,
        output_tokens: outputTokens,
        total_tokens: inputTokens + outputTokens,
      },
    };
  }
  const content: unknown[] = text === "" ? [] : [{ type: "text", text }];
  for (const c of calls) {
    content.push({ type: "tool_use", id: c.id ?? ids.next("toolu_"), name: c.name, input: c.input });
  }
  return {
    id: ids.next("msg_"),
    type: "message",
    role: "assistant",
    model,
    content,
    stop_reason: calls.length ? "tool_use" : "end_turn",
    stop_sequence: null,
    usage: { input_tokens: inputTokens, output_tokens: outputTokens },
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
  return dialect === "anthropic-messages"
    ? { type: "error", error: { type, message } }
    : { error: { message, type } };
}
