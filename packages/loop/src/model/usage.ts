import type { Usage } from "./model-client.js";

/** A usage record with every count at zero. */
export function emptyUsage(): Usage {
  return { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 };
}

/** Adds `more` into `total` (in place) and returns `total`. */
export function addUsage(total: Usage, more: Usage): Usage {
  total.inputTokens += more.inputTokens;
  total.outputTokens += more.outputTokens;
  total.cachedInputTokens += more.cachedInputTokens;
  total.cacheWriteTokens += more.cacheWriteTokens;
  total.reasoningTokens += more.reasoningTokens;
  return total;
}
