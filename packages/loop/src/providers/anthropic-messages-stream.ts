import type { JsonValue } from "@toolkit/core";
import type { IdGen } from "../runtime/id-gen.js";
import type { ModelReply, StreamDelta } from "../model/model-client.js";
import { anthropicMessagesCodec } from "./anthropic-messages.js";
import { eventJson, field, text } from "./read-json.js";
import type { StreamAssembler } from "./wire-codec.js";

type Block = { [k: string]: JsonValue };

/**
 * Assembles a Messages stream (`message_start`, `content_block_start` /
 * `_delta` / `_stop`, `message_delta`, `message_stop`) into the message a
 * non-streamed request would have returned: text, thinking and signatures
 * concatenated per block, tool input from its `partial_json` pieces (kept
 * raw when it is not JSON, as a cut reply's may be), usage from the start
 * and delta events.
 */
export function anthropicStream(ids: IdGen): StreamAssembler {
  let message: Record<string, unknown> = {};
  let usage: Record<string, unknown> = {};
  let stop = false;
  const blocks: Block[] = [];
  const partial = new Map<number, string>();
  return {
    get complete() {
      return stop;
    },
    push({ data }) {
      const event = eventJson(data, "anthropic");
      const out: StreamDelta[] = [];
      const index = Number(field(event, "index"));
      switch (field(event, "type")) {
        case "message_start": {
          message = { ...(field(event, "message") as Record<string, unknown>) };
          usage = { ...(field(message, "usage") as Record<string, unknown> | undefined) };
          break;
        }
        case "content_block_start": {
          const block = { ...(field(event, "content_block") as Block) };
          if (block.type === "tool_use") partial.set(index, "");
          blocks[index] = block;
          break;
        }
        case "content_block_delta": {
          const block = blocks[index];
          const delta = field(event, "delta");
          if (!block) throw new TypeError(`a content_block_delta for block ${index}, which never started`);
          const type = field(delta, "type");
          if (type === "text_delta") {
            const piece = text(field(delta, "text"));
            block.text = text(block.text) + piece;
            out.push({ kind: "text", delta: piece });
          } else if (type === "thinking_delta") {
            const piece = text(field(delta, "thinking"));
            block.thinking = text(block.thinking) + piece;
            out.push({ kind: "reasoning", delta: piece });
          } else if (type === "signature_delta") {
            block.signature = text(block.signature) + text(field(delta, "signature"));
          } else if (type === "input_json_delta") {
            const piece = text(field(delta, "partial_json"));
            partial.set(index, (partial.get(index) ?? "") + piece);
            out.push({ kind: "tool-input", delta: piece, callId: text(block.id) });
          }
          break;
        }
        case "message_delta": {
          const delta = field(event, "delta");
          message.stop_reason = field(delta, "stop_reason") ?? null;
          message.stop_sequence = field(delta, "stop_sequence") ?? null;
          const more = field(event, "usage");
          if (more && typeof more === "object") {
            for (const [k, v] of Object.entries(more)) if (v !== null) usage[k] = v;
          }
          break;
        }
        case "message_stop":
          stop = true;
          break;
        case "error": {
          const error = field(event, "error");
          throw new TypeError(
            `the stream reported an error: ${text(field(error, "message")) || JSON.stringify(error)}`,
          );
        }
      }
      return out;
    },
    reply(): ModelReply {
      const invalid = new Map<string, string>();
      const content = [...blocks.entries()].flatMap(([i, block]) => (block ? [[i, block] as const] : []));
      const assembled = content.map(([i, block]) => {
        const raw = partial.get(i);
        if (block.type !== "tool_use" || raw === undefined) return block;
        if (raw.trim() === "") return { ...block, input: {} };
        try {
          return { ...block, input: JSON.parse(raw) as JsonValue };
        } catch {
          invalid.set(text(block.id), raw);
          return { ...block, input: {} };
        }
      });
      const reply = anthropicMessagesCodec.decode({ ...message, content: assembled, usage }, ids);
      if (invalid.size === 0) return reply;
      return {
        ...reply,
        toolCalls: reply.toolCalls.map((c) => {
          const raw = invalid.get(c.id);
          return raw === undefined ? c : { ...c, invalidArguments: raw };
        }),
      };
    },
  };
}
