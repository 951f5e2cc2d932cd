import { redactSecrets } from "@toolkit/internal/secrets";
import type { ContentPart, Message } from "../model/messages.js";
import type { RunState } from "./run-state.js";

function redactParts(parts: readonly ContentPart[]): ContentPart[] {
  return parts.map((p) => (p.type === "text" ? { type: "text", text: redactSecrets(p.text).text } : p));
}

function redactMessage(message: Message): Message {
  if (message.role !== "tool") return message;
  return { ...message, results: message.results.map((r) => ({ ...r, parts: redactParts(r.parts) })) };
}

/**
 * A copy of the state with the shared secret redactor run over every tool
 * output (`redactOutputs: true`): secrets a tool printed are not stored, and
 * a resumed run sends the redacted text, no longer byte-identical.
 */
export function redactState(state: RunState): RunState {
  return {
    ...state,
    messages: state.messages.map(redactMessage),
    pending: state.pending && {
      ...state.pending,
      calls: state.pending.calls.map((c) =>
        c.result ? { ...c, result: { ...c.result, parts: redactParts(c.result.parts) } } : c,
      ),
    },
  };
}
