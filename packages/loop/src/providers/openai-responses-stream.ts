import type { IdGen } from "../runtime/id-gen.js";
import type { StreamDelta } from "../model/model-client.js";
import { openaiResponsesCodec } from "./openai-responses.js";
import { eventJson, field, text } from "./read-json.js";
import type { StreamAssembler } from "./wire-codec.js";

/** The events that end a Responses stream, each carrying the whole response. */
const FINAL = new Set(["response.completed", "response.incomplete"]);

/**
 * Assembles a Responses stream: text, refusal, reasoning and argument deltas
 * are shown as they arrive, and the final `response.completed` (or
 * `response.incomplete`) event carries the whole response, decoded as a
 * non-streamed one. `response.failed` and `error` fail the request.
 */
export function responsesStream(ids: IdGen): StreamAssembler {
  let final: unknown;
  const callIds = new Map<string, string>();
  return {
    get complete() {
      return final !== undefined;
    },
    push({ data }) {
      const event = eventJson(data, "responses");
      const type = text(field(event, "type"));
      const delta = text(field(event, "delta"));
      const out: StreamDelta[] = [];
      switch (type) {
        case "response.output_text.delta":
        case "response.refusal.delta":
          if (delta) out.push({ kind: "text", delta });
          break;
        case "response.reasoning_summary_text.delta":
        case "response.reasoning_text.delta":
          if (delta) out.push({ kind: "reasoning", delta });
          break;
        case "response.output_item.added": {
          const item = field(event, "item");
          if (field(item, "type") === "function_call") {
            callIds.set(text(field(item, "id")), text(field(item, "call_id")));
          }
          break;
        }
        case "response.function_call_arguments.delta": {
          const itemId = text(field(event, "item_id"));
          if (delta) out.push({ kind: "tool-input", delta, callId: callIds.get(itemId) || itemId });
          break;
        }
        case "response.failed":
        case "error": {
          const error = field(field(event, "response"), "error") ?? field(event, "error") ?? event;
          const message = text(field(error, "message")) || JSON.stringify(error);
          throw new TypeError(`the response failed: ${message}`);
        }
        default:
          if (FINAL.has(type)) final = field(event, "response");
      }
      return out;
    },
    reply() {
      return openaiResponsesCodec.decode(final, ids);
    },
  };
}
