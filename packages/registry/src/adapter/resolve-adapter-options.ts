import { createToolContext, type ToolContext } from "@toolkit/core";
import { type ApprovalCheck, type ApprovalPolicy, checkApprovalPolicy } from "./approval-policy.js";
import type { Middleware } from "../dispatch/middleware.js";
import type { Selector } from "../selectors/selectors.js";

/** The options a host adapter's `to*Tools(registry, options)` takes. */
export interface AdapterOptions<Check = ApprovalCheck> {
  /** The dispatch pipeline every call runs through, first = outermost. @default [] */
  middleware?: readonly Middleware[];
  /** The session context; each call gets it with the host's abort signal joined in. @default createToolContext() */
  ctx?: ToolContext;
  /** Chooses the advertised tools. @default every registered tool */
  selector?: Selector;
  /** Shows the model `strictSchema()` of each input schema and maps its nulls back to absent. @default the adapter's (`ResolveAdapterOptionsSettings.strict`) */
  strict?: boolean;
  /** Which calls wait for the user's approval in the host's approval flow. @default false */
  needsApproval?: ApprovalPolicy<Check>;
}

/** AdapterOptions with every default applied. */
export interface ResolvedAdapterOptions<Check = ApprovalCheck> {
  middleware: readonly Middleware[];
  ctx: ToolContext;
  selector: Selector | undefined;
  strict: boolean;
  needsApproval: ApprovalPolicy<Check>;
}

/** How `resolveAdapterOptions` reads the options of one adapter. */
export interface ResolveAdapterOptionsSettings {
  /** The adapter function the errors name, e.g. `"toAiSdkTools"`. */
  readonly fn: string;
  /**
   * The default of `strict`, for a host with strict schemas and an approval
   * flow. Left out, `strict` and `needsApproval` are not read at all (the
   * host has neither) and resolve to `false`.
   */
  readonly strict?: boolean;
}

/**
 * Validates an adapter's raw options once and applies the defaults. A bad
 * option throws a TypeError that names the adapter function and the option.
 *
 * @example
 * const { middleware, ctx, selector, strict, needsApproval } = resolveAdapterOptions(options, {
 *   fn: "toAgentsTools",
 *   strict: true,
 * });
 */
export function resolveAdapterOptions<Check = ApprovalCheck>(
  options: AdapterOptions<Check>,
  settings: ResolveAdapterOptionsSettings,
): ResolvedAdapterOptions<Check> {
  const { fn } = settings;
  if (options === null || typeof options !== "object") {
    throw new TypeError(
      `${fn}: \`options\` must be an object, got ${options === null ? "null" : typeof options}`,
    );
  }
  const { middleware = [], ctx = createToolContext(), selector } = options;
  if (!Array.isArray(middleware) || middleware.some((m) => typeof m !== "function")) {
    throw new TypeError(`${fn}: \`middleware\` must be an array of middleware functions`);
  }
  if (ctx === null || typeof ctx !== "object" || typeof ctx.withSignal !== "function") {
    throw new TypeError(`${fn}: \`ctx\` must be a ToolContext from createToolContext()`);
  }
  if (selector !== undefined && typeof selector !== "function") {
    throw new TypeError(`${fn}: \`selector\` must be a function (turn) => string[], got ${typeof selector}`);
  }
  if (settings.strict === undefined)
    return { middleware, ctx, selector, strict: false, needsApproval: false };
  const { strict = settings.strict, needsApproval = false } = options;
  if (typeof strict !== "boolean") {
    throw new TypeError(`${fn}: \`strict\` must be a boolean, got ${typeof strict}`);
  }
  return {
    middleware,
    ctx,
    selector,
    strict,
    needsApproval: checkApprovalPolicy<Check>(fn, "needsApproval", needsApproval),
  };
}
