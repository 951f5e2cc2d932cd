import type { ToolOutput } from "@toolkit/core";
import type { DispatchCall, Middleware, Next } from "@toolkit/registry";
import { badOption } from "../shared/options.js";
import { closestName } from "./closest-name.js";

/** Options for `unknownToolHints()`. */
export interface UnknownToolHintsOptions {
  /**
   * The names to suggest from for a call. By default the names the not-found
   * answer lists (dispatch lists the advertised names, or every registered
   * one, at most 10); pass `() => registry.toolNames()` (or your advertised
   * list) when more tools than that are available.
   */
  names?: (call: DispatchCall) => Iterable<string>;
  /**
   * The largest edit distance still suggested.
   * @default Math.max(2, Math.floor(name.length / 3)) for the name that arrived
   */
  maxDistance?: number;
}

const AVAILABLE = /\. Available: (.*?)(?: \.\.\. \(and \d+ more\))?$/m;

/**
 * Appends `Did you mean 'x'?` to the answer for an unknown or unadvertised
 * tool name, naming the closest available name by case-insensitive edit
 * distance (a transposition counts as one edit). Nothing is appended when no
 * name is close enough.
 *
 * @example
 * dispatch(registry, calls, { middleware: [unknownToolHints()] });
 * // "Tool not found: raed. Available: Read, Write\n...\nDid you mean 'Read'?"
 */
export function unknownToolHints(options: UnknownToolHintsOptions = {}): Middleware {
  const { names, maxDistance } = options;
  if (names !== undefined && typeof names !== "function") {
    throw badOption("unknownToolHints", "names", "a function returning tool names", names);
  }
  if (maxDistance !== undefined && (!Number.isInteger(maxDistance) || maxDistance < 0)) {
    throw badOption("unknownToolHints", "maxDistance", "an integer >= 0", maxDistance);
  }

  return async function unknownToolHintsMiddleware(call: DispatchCall, next: Next): Promise<ToolOutput> {
    if (call.rejection?.kind !== "NotFound") return next(call);
    const output = await next(call);
    if (!output.isError) return output;
    const candidates = names ? names(call) : listedNames(call.rejection.message);
    const limit = maxDistance ?? Math.max(2, Math.floor(call.name.length / 3));
    const match = closestName(call.name, candidates, limit);
    return match === undefined
      ? output
      : output.withText(`${output.textContent()}\nDid you mean '${match}'?`);
  };
}

function listedNames(message: string): string[] {
  const list = AVAILABLE.exec(message)?.[1];
  if (list === undefined || list === "none registered" || list === "none") return [];
  return list.split(", ");
}
