import { createToolContext, type ToolContext } from "@toolkit/core";
import { checkApprovalPolicy, type Middleware, type Selector } from "@toolkit/registry";
import type { ApprovalCheck, ApprovalPolicy } from "./approval-policy.js";

/** Options for `toAiSdkTools`. */
export interface ToAiSdkToolsOptions {
  /** The dispatch pipeline every call runs through, first = outermost. @default [] */
  middleware?: readonly Middleware[];
  /** The session context; each call gets it with the AI SDK's abort signal joined in. @default createToolContext() */
  ctx?: ToolContext;
  /** Chooses the advertised tools (a `@toolkit/registry` selector). @default every registered tool */
  selector?: Selector;
  /** Shows the model `strictSchema()` of each input schema, marks the tools `strict`, and maps nulls back to absent. @default false */
  strict?: boolean;
  /** Which calls wait for the user through the AI SDK's approval flow. @default false */
  needsApproval?: ApprovalPolicy;
}

/** Options with every default applied. */
export interface ResolvedOptions {
  middleware: readonly Middleware[];
  ctx: ToolContext;
  selector: Selector | undefined;
  strict: boolean;
  needsApproval: ApprovalPolicy;
}

const FN = "toAiSdkTools";

/** Validates the raw options once and applies the defaults. */
export function resolveOptions(options: ToAiSdkToolsOptions): ResolvedOptions {
  if (options === null || typeof options !== "object") {
    throw new TypeError(
      `${FN}: \`options\` must be an object, got ${options === null ? "null" : typeof options}`,
    );
  }
  const {
    middleware = [],
    ctx = createToolContext(),
    selector,
    strict = false,
    needsApproval = false,
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
    needsApproval: checkApprovalPolicy<ApprovalCheck>(FN, "needsApproval", needsApproval),
  };
}
