import type { ToolContext } from "@toolkit/core";
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
