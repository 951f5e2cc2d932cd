import type { JsonValue } from "@toolkit/core";
import type { IdGen } from "../runtime/id-gen.js";
import type { StreamDelta } from "../model/model-client.js";
import { geminiGenerateContentCodec } from "./gemini-generate-content.js";
import { eventJson, field, text } from "./read-json.js";
import type { StreamAssembler } from "./wire-codec.js";

type Part = { [k: string]: JsonValue };

/**
 * Assembles a `streamGenerateContent?alt=sse` stream: each event is a
 * partial response; text parts are joined (thought text apart), function
 * calls arrive whole or in pieces (a named first part, then parts with only
 * `partialArgs` while `willContinue` is set; the codec assembles them), and
 * the event with a `finishReason` (and the usage) ends the reply.
 */
export function geminiStream(ids: IdGen): StreamAssembler {
  const parts: Part[] = [];
  let finish = "";
  let usage: unknown;
  let feedback: unknown;
  let callId: string | undefined;
  return {
    get complete() {
      return finish !== "";
    },
    push({ data }) {
      const chunk = eventJson(data, "gemini");
      const error = field(chunk, "error");
      if (error !== undefined) throw new TypeError(`the stream reported an error: ${JSON.stringify(error)}`);
      const out: StreamDelta[] = [];
      if (field(chunk, "usageMetadata")) usage = field(chunk, "usageMetadata");
      if (field(chunk, "promptFeedback")) feedback = field(chunk, "promptFeedback");
      const candidates = field(chunk, "candidates");
      const candidate = Array.isArray(candidates) ? candidates[0] : undefined;
      const more = field(field(candidate, "content"), "parts");
      for (const raw of Array.isArray(more) ? (more as Part[]) : []) {
        const last = parts[parts.length - 1];
        if (raw.functionCall !== undefined) {
          parts.push({ ...raw });
          const piece = field(raw.functionCall, "partialArgs");
          const named = typeof field(raw.functionCall, "name") === "string";
          if (named) callId = text(field(raw.functionCall, "id")) || undefined;
          // A whole call's arguments as JSON; a piece's values as they come; nothing for the closing `{}`.
          const delta = Array.isArray(piece)
            ? piece
                .map((p) =>
                  partialText(
                    field(p, "stringValue") ?? field(p, "numberValue") ?? field(p, "boolValue") ?? null,
                  ),
                )
                .join("")
            : named && field(raw.functionCall, "willContinue") !== true
              ? JSON.stringify(field(raw.functionCall, "args") ?? {})
              : "";
          if (delta !== "") out.push({ kind: "tool-input", delta, callId } as StreamDelta);
          continue;
        }
        if (typeof raw.text !== "string") continue;
        const thought = raw.thought === true;
        if (raw.text !== "") out.push({ kind: thought ? "reasoning" : "text", delta: raw.text });
        if (
          last &&
          typeof last.text === "string" &&
          (last.thought === true) === thought &&
          last.functionCall === undefined
        ) {
          last.text += raw.text;
          if (raw.thoughtSignature !== undefined) last.thoughtSignature = raw.thoughtSignature;
        } else if (raw.text !== "" || raw.thoughtSignature !== undefined) parts.push({ ...raw });
      }
      const reason = text(field(candidate, "finishReason"));
      if (reason) finish = reason;
      else if (candidate === undefined && text(field(feedback, "blockReason")))
        finish = text(field(feedback, "blockReason"));
      return out;
    },
    reply() {
      const body = {
        candidates: [{ content: { role: "model", parts }, finishReason: finish }],
        ...(usage === undefined ? {} : { usageMetadata: usage }),
      };
      return geminiGenerateContentCodec.decode(body, ids);
    },
  };
}

/** The text a streamed argument piece adds, for progress: a string as is, anything else as JSON. */
function partialText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}
