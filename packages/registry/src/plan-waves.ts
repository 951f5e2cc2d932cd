import { isSafeForConcurrentExecution, type Tool } from "@toolkit/core";

/** The part of a call wave planning looks at. */
export interface PlannedCall {
  name: string;
  input: unknown;
}

/** Where tools are looked up; a ToolRegistry fits. */
export interface ToolLookup {
  get(name: string): Tool | undefined;
}

/** Options for planWaves. */
export interface PlanWavesOptions {
  /**
   * `"hoist"` (the pinned behaviour): a concurrency-safe call joins the
   * earliest open wave, even one before an unsafe call that came first in
   * the reply. `"preserve"`: a safe call never runs before an unsafe call
   * that precedes it, so a read after a write in one reply sees the write.
   * @default "hoist"
   */
  order?: "hoist" | "preserve";
}

interface Wave {
  open: boolean;
  keys: Set<string>;
  calls: number[];
}

/**
 * Plans parallel waves; pure. A call is parallelizable iff its tool exists
 * and `isSafeForConcurrentExecution(input)`; it joins the earliest open wave
 * holding no call with the same resource key; any other call gets a closed
 * wave of its own. Waves run in order.
 *
 * @example planWaves([safeA, unsafeB, safeC], registry) // [[0, 2], [1]]
 */
export function planWaves(
  calls: readonly PlannedCall[],
  registry: ToolLookup,
  { order = "hoist" }: PlanWavesOptions = {},
): number[][] {
  const waves: Wave[] = [];
  let floor = 0;
  calls.forEach((call, index) => {
    const tool = registry.get(call.name);
    const safe = tool !== undefined && safely(() => isSafeForConcurrentExecution(tool, call.input), false);
    if (!safe) {
      waves.push({ open: false, keys: new Set(), calls: [index] });
      if (order === "preserve") floor = waves.length;
      return;
    }
    const key = safely(() => tool.resourceKey?.(call.input), undefined);
    let wave: Wave | undefined;
    for (let w = floor; w < waves.length; w++) {
      const candidate = waves[w] as Wave;
      if (candidate.open && (key === undefined || !candidate.keys.has(key))) {
        wave = candidate;
        break;
      }
    }
    if (!wave) {
      wave = { open: true, keys: new Set(), calls: [] };
      waves.push(wave);
    }
    wave.calls.push(index);
    if (key !== undefined) wave.keys.add(key);
  });
  return waves.map((w) => w.calls);
}

/** A trait that throws is treated as its safe default. */
function safely<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}
