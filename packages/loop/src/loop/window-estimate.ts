import type { ToolSchema } from "@toolkit/core";
import type { ContentPart, Message } from "../model/messages.js";
import { argumentsText } from "../providers/parse-arguments.js";

/** Characters per token in the estimate (a common rule of thumb for English and code). */
export const CHARS_PER_TOKEN = 4;
/** Tokens counted for one image. */
export const IMAGE_TOKENS = 1_600;

/** What the window estimate counts: the system prompt, the messages and the advertised schemas. */
export interface WindowEstimateInput {
  system: string | undefined;
  messages: readonly Message[];
  tools: readonly ToolSchema[];
}

/**
 * A provider-independent estimate of the tokens a request occupies:
 * characters / 4 over the system prompt, every message and the advertised
 * schemas (only what is advertised), plus a fixed cost per image.
 */
export function estimateWindowTokens({ system, messages, tools }: WindowEstimateInput): number {
  let chars = system?.length ?? 0;
  let images = 0;
  const parts = (list: readonly ContentPart[]) => {
    for (const p of list) {
      if (p.type === "text") chars += p.text.length;
      else images += 1;
    }
  };
  for (const m of messages) {
    if (m.role === "user") parts(m.parts);
    else if (m.role === "assistant") {
      chars += m.text.length;
      for (const r of m.reasoning ?? []) chars += r.text.length;
      for (const c of m.toolCalls) chars += c.name.length + argumentsText(c).length;
    } else for (const r of m.results) parts(r.parts);
  }
  for (const t of tools)
    chars += t.tool.length + t.description.length + JSON.stringify(t.input_schema).length;
  return Math.ceil(chars / CHARS_PER_TOKEN) + images * IMAGE_TOKENS;
}
