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
   * `"hoist"`: a parallelizable call joins the earliest open wave after
   * every earlier call it conflicts with, so it may run before an earlier
   * call it does not conflict with but never before one it does.
   * `"preserve"` (stricter): a parallelizable call never runs before any
   * non-parallelizable call that precedes it, conflicting or not.
   * @default "hoist"
   */
  order?: "hoist" | "preserve";
}

interface Wave {
  open: boolean;
  calls: number[];
}

/**
 * Plans parallel waves; pure. A call is parallelizable iff its tool exists
 * and `isSafeForConcurrentExecution(input)`; any other call gets a closed
 * wave of its own. Two calls conflict when they share a resource key, or
 * when one of them is not parallelizable and has no resource key. A
 * parallelizable call joins the earliest open wave that comes after every
 * earlier call it conflicts with (so it holds no call with its key); a call
 * never overtakes a call it conflicts with. Waves run in order.
 *
 * @example planWaves([readB, editA, readC], registry) // [[0, 2], [1]]
 * @example planWaves([readB, editA, readA], registry) // [[0], [1], [2]]
 */
export function planWaves(
  calls: readonly PlannedCall[],
  registry: ToolLookup,
  { order = "hoist" }: PlanWavesOptions = {},
): number[][] {
  const waves: Wave[] = [];
  /** The last wave holding a call with this resource key. */
  const lastWaveOfKey = new Map<string, number>();
  /** The last wave of a non-parallelizable call without a key (it conflicts with every call). */
  let barrier = -1;
  /** The last wave of any non-parallelizable call (what `"preserve"` waits for). */
  let lastClosed = -1;
  calls.forEach((call, index) => {
    const tool = registry.get(call.name);
    const safe = tool !== undefined && safely(() => isSafeForConcurrentExecution(tool, call.input), false);
    const key =
      tool === undefined ? undefined : safely(() => tool.resourceKey?.(call.input) ?? undefined, undefined);
    let waveIndex: number;
    if (!safe) {
      waves.push({ open: false, calls: [index] });
      waveIndex = waves.length - 1;
      lastClosed = waveIndex;
      if (key === undefined) barrier = waveIndex;
    } else {
      let floor = Math.max(barrier, key === undefined ? -1 : (lastWaveOfKey.get(key) ?? -1)) + 1;
      if (order === "preserve") floor = Math.max(floor, lastClosed + 1);
      waveIndex = floor;
      while (waveIndex < waves.length && !(waves[waveIndex] as Wave).open) waveIndex++;
      if (waveIndex === waves.length) {
        waves.push({ open: true, calls: [] });
        waveIndex = waves.length - 1;
      }
      (waves[waveIndex] as Wave).calls.push(index);
    }
    if (key !== undefined) lastWaveOfKey.set(key, Math.max(lastWaveOfKey.get(key) ?? -1, waveIndex));
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
