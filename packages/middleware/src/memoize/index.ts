import { resolve } from "node:path";
import { canonicalJson, type Tool, type ToolOutput, toolTraits } from "@toolkit/core";
import type { DispatchCall, Middleware, Next } from "@toolkit/registry";
import { callPaths, pathsIntersect } from "../shared/input-paths.js";
import { badOption, integerAtLeast, toolNameSet } from "../shared/options.js";
import { isRealCall, type RealCall } from "../shared/real-call.js";
import { isPlainInput } from "./plain-input.js";

/** What a call may have changed: paths (absolute or relative to `ctx.cwd`), everything, or nothing. */
export type Invalidation = readonly string[] | "all" | "none";

/** Options for `memoize()`. */
export interface MemoizeOptions {
  /** Only these tools are memoized (each must still be read-only). @default every read-only tool */
  tools?: readonly string[];
  /** Turns an entry stays valid: an entry from turn t answers calls of turns t .. t + ttlTurns - 1. @default 3 */
  ttlTurns?: number;
  /**
   * What a call that is not memoized may have changed; entries whose paths
   * intersect are evicted before and after it runs. Return undefined to use
   * the default for that call.
   * @default the `file_path` / `path` / `notebook_path` input fields of a tool that is not read-only; `"all"` for such a tool without path fields (a shell command may write anywhere); `"none"` for read-only tools
   */
  invalidateOn?: (call: DispatchCall) => Invalidation | undefined;
  /** Most entries kept; the least recently used goes first. @default 256 */
  maxEntries?: number;
}

interface Entry {
  readonly tool: Tool;
  readonly output: ToolOutput;
  readonly turn: number;
  readonly paths: readonly string[];
}

/**
 * Answers a repeated call to a read-only tool from memory. The key is the
 * tool name, the working directory and `canonicalJson(input)`, so key order
 * in the input does not matter; input with an object that is not plain data
 * (its prototype is not `Object.prototype` or `null`, so its fields are not
 * all its own) is not memoized, since the key would not show what the tool
 * reads. A call by a tool that is not read-only
 * evicts the entries whose paths (from the `file_path` / `path` / `notebook_path` fields)
 * intersect the paths it names — a directory write evicts the entries under
 * it and a write under a directory evicts the entry for that directory —
 * and a tool with no path fields evicts everything. Errors are never
 * cached. A hit carries `meta.memoized = true`.
 *
 * @example
 * dispatch(registry, calls, { middleware: [memoize({ ttlTurns: 2 })], turn });
 */
export function memoize(options: MemoizeOptions = {}): Middleware {
  const { tools, ttlTurns = 3, invalidateOn, maxEntries = 256 } = options;
  const only = toolNameSet("memoize", "tools", tools);
  if (ttlTurns !== Number.POSITIVE_INFINITY) integerAtLeast("memoize", "ttlTurns", ttlTurns, 1);
  if (invalidateOn !== undefined && typeof invalidateOn !== "function") {
    throw badOption("memoize", "invalidateOn", "a function", invalidateOn);
  }
  integerAtLeast("memoize", "maxEntries", maxEntries, 1);
  const cache = new Map<string, Entry>();

  const evict = (call: RealCall, change: Invalidation): void => {
    if (change === "none") return;
    if (change === "all") {
      cache.clear();
      return;
    }
    const written = change.map((p) => resolve(call.ctx.cwd, p));
    for (const [key, entry] of cache) {
      if (entry.paths.some((read) => written.some((w) => pathsIntersect(read, w)))) cache.delete(key);
    }
  };

  return async function memoizeMiddleware(call: DispatchCall, next: Next): Promise<ToolOutput> {
    if (!isRealCall(call)) return next(call);
    const readOnly = toolTraits(call.tool).isReadOnly;
    if (!readOnly || (only && !only.has(call.name))) {
      const change = invalidateOn?.(call) ?? defaultInvalidation(call, readOnly);
      evict(call, change);
      try {
        return await next(call);
      } finally {
        // Again afterwards: a read that overlapped the write may have cached what it replaced.
        evict(call, change);
      }
    }

    const key = cacheKey(call);
    if (key === undefined) return next(call);
    const hit = cache.get(key);
    if (hit && hit.tool === call.tool && call.turn >= hit.turn && call.turn - hit.turn < ttlTurns) {
      cache.delete(key);
      cache.set(key, hit);
      return hit.output.withMeta("memoized", true);
    }
    cache.delete(key);
    const output = await next(call);
    if (!output.isError && !call.ctx.signal.aborted) {
      cache.set(key, {
        tool: call.tool,
        output,
        turn: call.turn,
        paths: callPaths({ tool: call.tool, input: call.input, cwd: call.ctx.cwd }).absolute,
      });
      if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
    }
    return output;
  };
}

function cacheKey(call: RealCall): string | undefined {
  // The key must hold everything the tool reads: input whose fields come from a prototype is not memoized.
  if (!isPlainInput(call.input)) return undefined;
  try {
    return `${call.name}\u0000${call.ctx.cwd}\u0000${canonicalJson(call.input)}`;
  } catch {
    // Input that has no JSON form (possible with `validate: false`) is simply not memoized.
    return undefined;
  }
}

function defaultInvalidation(call: RealCall, readOnly: boolean): Invalidation {
  if (readOnly) return "none";
  const { declared, absolute } = callPaths({ tool: call.tool, input: call.input, cwd: call.ctx.cwd });
  return declared || absolute.length > 0 ? absolute : "all";
}
