import type { JsonValue } from "@toolkit/core";
import type { IdGen } from "../runtime/id-gen.js";
import type { StreamDelta } from "../model/model-client.js";
import { openaiChatCodec } from "./openai-chat.js";
import { eventJson, field, text } from "./read-json.js";
import type { StreamAssembler } from "./wire-codec.js";

interface CallDraft {
  id: string;
  name: string;
  args: string;
}

/**
 * Assembles Chat Completions chunks (`data: {choices: [{delta}]}` ... `data:
 * [DONE]`) into the reply a non-streamed request would have had: content,
 * refusal and reasoning concatenated, tool calls by `index` with their
 * argument text accumulated, the finish reason and the usage chunk.
 */
export function chatStream(ids: IdGen): StreamAssembler {
  let content = "";
  let refusal = "";
  let reasoning = "";
  let finish = "";
  let usage: unknown;
  let done = false;
  const calls: CallDraft[] = [];
  return {
    get complete() {
      return done || finish !== "";
    },
    push({ data }) {
      if (data.trim() === "[DONE]") {
        done = true;
        return [];
      }
      const chunk = eventJson(data, "chat");
      const error = field(chunk, "error");
      if (error !== undefined) throw new TypeError(`the stream reported an error: ${JSON.stringify(error)}`);
      if (field(chunk, "usage")) usage = field(chunk, "usage");
      const out: StreamDelta[] = [];
      const choices = field(chunk, "choices");
      const choice = Array.isArray(choices) ? choices[0] : undefined;
      if (choice === undefined) return out;
      const delta = field(choice, "delta");
      const piece = text(field(delta, "content"));
      if (piece) {
        content += piece;
        out.push({ kind: "text", delta: piece });
      }
      const refused = text(field(delta, "refusal"));
      if (refused) {
        refusal += refused;
        out.push({ kind: "text", delta: refused });
      }
      const thought = text(field(delta, "reasoning_content")) || text(field(delta, "reasoning"));
      if (thought) {
        reasoning += thought;
        out.push({ kind: "reasoning", delta: thought });
      }
      const toolCalls = field(delta, "tool_calls");
      for (const [i, raw] of (Array.isArray(toolCalls) ? toolCalls : []).entries()) {
        const index = field(raw, "index");
        const at = typeof index === "number" ? index : i;
        const draft = calls[at] ?? { id: "", name: "", args: "" };
        calls[at] = draft;
        const id = text(field(raw, "id"));
        if (id && !draft.id) draft.id = id;
        const fn = field(raw, "function");
        draft.name += text(field(fn, "name"));
        const args = text(field(fn, "arguments"));
        if (args) {
          if (!draft.id) draft.id = ids.next("call_");
          draft.args += args;
          out.push({ kind: "tool-input", delta: args, callId: draft.id });
        }
      }
      const reason = text(field(choice, "finish_reason"));
      if (reason) finish = reason;
      return out;
    },
    reply() {
      const message: { [k: string]: JsonValue } = { role: "assistant", content: content || null };
      if (refusal) message.refusal = refusal;
      if (reasoning) message.reasoning_content = reasoning;
      const drafts = calls.filter((c): c is CallDraft => c !== undefined);
      if (drafts.length > 0) {
        message.tool_calls = drafts.map((c) => ({
          id: c.id,
          type: "function",
          function: { name: c.name, arguments: c.args },
        }));
      }
      const body = { choices: [{ index: 0, message, finish_reason: finish }], usage: usage ?? null };
      return openaiChatCodec.decode(body, ids);
    },
  };
}
