import { createToolContext, type ToolContext } from "@toolkit/core";
import type { Middleware, Selector } from "@toolkit/registry";

/** Options for `toLangChainTools`. */
export interface ToLangChainToolsOptions {
  /** The dispatch pipeline every call runs through, first = outermost. @default [] */
  middleware?: readonly Middleware[];
  /** The session context; each call gets it with the run's `signal` joined in. @default createToolContext() */
  ctx?: ToolContext;
  /** Chooses the advertised tools (a `@toolkit/registry` selector). @default every registered tool */
  selector?: Selector;
}

/** Options with every default applied. */
export interface ResolvedOptions {
  middleware: readonly Middleware[];
  ctx: ToolContext;
  selector: Selector | undefined;
}

const FN = "toLangChainTools";

/** Validates the raw options once and applies the defaults. */
export function resolveOptions(options: ToLangChainToolsOptions): ResolvedOptions {
  if (options === null || typeof options !== "object") {
    throw new TypeError(
      `${FN}: \`options\` must be an object, got ${options === null ? "null" : typeof options}`,
    );
  }
  const { middleware = [], ctx = createToolContext(), selector } = options;
  if (!Array.isArray(middleware) || middleware.some((m) => typeof m !== "function")) {
    throw new TypeError(`${FN}: \`middleware\` must be an array of middleware functions`);
  }
  if (ctx === null || typeof ctx !== "object" || typeof ctx.withSignal !== "function") {
    throw new TypeError(`${FN}: \`ctx\` must be a ToolContext from createToolContext()`);
  }
  if (selector !== undefined && typeof selector !== "function") {
    throw new TypeError(`${FN}: \`selector\` must be a function (turn) => string[], got ${typeof selector}`);
  }
  return { middleware, ctx, selector };
}
