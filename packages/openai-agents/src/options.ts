import { createToolContext, type ToolContext } from "@toolkit/core";
import { type ApprovalPolicy, checkApprovalPolicy, type Middleware, type Selector } from "@toolkit/registry";

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
export interface ResolvedOptions {
  middleware: readonly Middleware[];
  ctx: ToolContext;
  selector: Selector | undefined;
  needsApproval: ApprovalPolicy;
  strict: boolean;
}

const FN = "toAgentsTools";

/** Validates the raw options once and applies the defaults. */
export function resolveOptions(options: ToAgentsToolsOptions): ResolvedOptions {
  if (options === null || typeof options !== "object") {
    throw new TypeError(
      `${FN}: \`options\` must be an object, got ${options === null ? "null" : typeof options}`,
    );
  }
  const {
    middleware = [],
    ctx = createToolContext(),
    selector,
    needsApproval = false,
    strict = true,
  } = options;
  if (!Array.isArray(middleware) || middleware.some((m) => typeof m !== "function")) {
    throw new TypeError(`${FN}: \`middleware\` must be an array of middleware functions`);
  }
  if (ctx === null || typeof ctx !== "object" || typeof ctx.withSignal !== "function") {
    throw new TypeError(`${FN}: \`ctx\` must be a ToolContext from createToolContext()`);
  }
  if (selector !== undefined && typeof selector !== "function") {
    throw new TypeError(`${FN}: \`selector\` must be a function (turn) => string[], got ${typeof selector}`);
  }
  if (typeof strict !== "boolean") {
    throw new TypeError(`${FN}: \`strict\` must be a boolean, got ${typeof strict}`);
  }
  return {
    middleware,
    ctx,
    selector,
    strict,
    needsApproval: checkApprovalPolicy(FN, "needsApproval", needsApproval),
  };
}
