import type { ToolOutput } from "@toolkit/core";
import type { DispatchCall, Middleware, Next } from "@toolkit/registry";
import { integerAtLeast } from "../shared/options.js";
import { limitText, MIN_OUTPUT_BYTES } from "./limit-text.js";

/** Options for `outputLimit()`. */
export interface OutputLimitOptions {
  /** Most UTF-8 bytes of text the model receives per call, the cut marker included (at least 256). */
  maxBytes: number;
}

/**
 * Caps the text of every answer (successes and failures) at `maxBytes`
 * UTF-8 bytes: the head and the tail are kept, the middle is replaced by
 * `[... N of M bytes cut from the middle ...]`, and the marker counts inside
 * the budget. Images are kept as they are. A cut output carries
 * `meta.outputLimit = { totalBytes, cutBytes }` for the host.
 *
 * @example
 * dispatch(registry, calls, { middleware: [outputLimit({ maxBytes: 32_768 })] });
 */
export function outputLimit(options: OutputLimitOptions): Middleware {
  const maxBytes = integerAtLeast("outputLimit", "maxBytes", options?.maxBytes, MIN_OUTPUT_BYTES);

  return async function outputLimitMiddleware(call: DispatchCall, next: Next): Promise<ToolOutput> {
    const output = await next(call);
    const text = output.textContent();
    // Cheap exit: UTF-8 never takes more than 3 bytes per UTF-16 unit.
    if (text.length * 3 <= maxBytes) return output;
    const limited = limitText(text, { maxBytes });
    if (limited.cutBytes === 0) return output;
    return output
      .withText(limited.text)
      .withMeta("outputLimit", { totalBytes: limited.totalBytes, cutBytes: limited.cutBytes });
  };
}
