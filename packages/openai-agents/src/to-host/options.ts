import type { ToolContext } from "@toolkit/core";
import type { ApprovalPolicy, Middleware, Selector } from "@toolkit/registry";
import type { ResolvedAdapterOptions } from "@toolkit/registry/adapter";

/** Options for `toAgentsTools`. */
export interface ToAgentsToolsOptions {
  /** The dispatch pipeline every call runs through, first = outermost. @default [] */
  middleware?: readonly Middleware[];
  /** The session context; each call gets it with the run's abort signal joined in. @default createToolContext() */
  ctx?: ToolContext;
  /** Chooses the advertised tools (a `@toolkit/registry` selector). @default every registered tool */
  selector?: Selector;
  /** Which calls interrupt the run for approval (`RunResult.interruptions`). @default false */
  needsApproval?: ApprovalPolicy;
  /**
   * Shows the model `strictSchema()` of each input schema with `strict: true`
   * and maps its nulls back to absent; `false` shows the schema as registered.
   * @default true
   */
  strict?: boolean;
}

/** Options with every default applied. */
export type ResolvedOptions = ResolvedAdapterOptions;
