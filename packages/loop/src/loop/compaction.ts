import { Retention } from "@toolkit/core";
import type { Message, ToolResult } from "../model/messages.js";

/** The text that replaces an evicted result. */
export function compactedText(name: string): string {
  return `[The result of this ${name} call was removed to save context. Call the tool again if you need it.]`;
}

/** Options for `compactMessages`. */
export interface CompactOptions {
  messages: readonly Message[];
  /** The estimate of the whole request for a candidate message list. */
  estimate: (messages: readonly Message[]) => number;
  budgetTokens: number;
}

/** What compaction did. */
export interface CompactResult {
  messages: Message[];
  /** How many results were replaced by the placeholder. */
  evicted: number;
}

/**
 * Brings a conversation under the budget by replacing old tool results with a
 * short placeholder: results with retention `requery` first (oldest first),
 * then `default` ones (oldest first). `durable` results are never evicted, and
 * neither are the newest results (the model has not seen them yet). Calls are
 * never removed, so every result still answers its call. Pure.
 */
export function compactMessages({ messages, estimate, budgetTokens }: CompactOptions): CompactResult {
  const out = messages.slice();
  if (estimate(out) <= budgetTokens) return { messages: out, evicted: 0 };
  let newest = -1;
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i]?.role === "tool") {
      newest = i;
      break;
    }
  }
  let evicted = 0;
  for (const retention of [Retention.Requery, Retention.Default]) {
    for (let i = 0; i < out.length; i++) {
      const message = out[i];
      if (i === newest || message?.role !== "tool") continue;
      for (let j = 0; j < message.results.length; j++) {
        const current = out[i];
        if (current?.role !== "tool") break;
        const result = current.results[j];
        if (!result || result.compacted || result.retention !== retention) continue;
        const results = current.results.slice();
        results[j] = placeholder(result);
        out[i] = { role: "tool", results };
        evicted += 1;
        if (estimate(out) <= budgetTokens) return { messages: out, evicted };
      }
    }
  }
  return { messages: out, evicted };
}

function placeholder(result: ToolResult): ToolResult {
  return { ...result, parts: [{ type: "text", text: compactedText(result.name) }], compacted: true };
}
