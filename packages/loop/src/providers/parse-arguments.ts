import type { JsonValue } from "@toolkit/core";
import type { IdGen } from "../runtime/id-gen.js";
import type { ToolCallPart } from "../model/messages.js";

/** A tool call from argument text: parsed, or `{}` plus the raw text when it is not JSON. */
export function callFromArguments(
  { id, name, text }: { id: unknown; name: unknown; text: unknown },
  ids: IdGen,
): ToolCallPart {
  if (typeof name !== "string") throw new TypeError("a tool call has no name");
  const callId = typeof id === "string" && id !== "" ? id : ids.next("call_");
  const raw = typeof text === "string" ? text : "";
  if (raw.trim() === "") return { id: callId, name, input: {} };
  try {
    return { id: callId, name, input: JSON.parse(raw) as JsonValue };
  } catch {
    return { id: callId, name, input: {}, invalidArguments: raw };
  }
}

/** The argument text to send back for a call. */
export function argumentsText(call: ToolCallPart): string {
  return call.invalidArguments ?? JSON.stringify(call.input);
}
