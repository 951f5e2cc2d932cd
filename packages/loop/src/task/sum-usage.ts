import type { Usage } from "../model/model-client.js";

/**
 * `a` plus `b`, field by field: every numeric field of `b` is added to the
 * same field of `a` (a field `a` lacks counts from 0). Generic on purpose, so
 * a usage field a provider adds later is summed without a change here.
 */
export function sumUsage(a: Usage, b: Usage): Usage {
  const sums: Record<string, number> = {};
  const from = new Map<string, unknown>(Object.entries(a));
  for (const [key, value] of Object.entries(b)) {
    if (typeof value !== "number") continue;
    const base = from.get(key);
    sums[key] = (typeof base === "number" ? base : 0) + value;
  }
  return { ...a, ...sums };
}
