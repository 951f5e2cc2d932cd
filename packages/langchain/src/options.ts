import type { ToolContext } from "@toolkit/core";
import {
  type Middleware,
  type ResolvedAdapterOptions,
  resolveAdapterOptions,
  type Selector,
} from "@toolkit/registry";

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
export type ResolvedOptions = Pick<ResolvedAdapterOptions, "middleware" | "ctx" | "selector">;

/** Validates the raw options once and applies the defaults (LangChain has no strict mode or approval flow). */
export function resolveOptions(options: ToLangChainToolsOptions): ResolvedOptions {
  const { middleware, ctx, selector } = resolveAdapterOptions(options, { fn: "toLangChainTools" });
  return { middleware, ctx, selector };
}
