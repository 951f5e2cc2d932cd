import type { ToolContext } from "@toolkit/core";
import type { Middleware, Selector } from "@toolkit/registry";
import type { ResolvedAdapterOptions } from "@toolkit/registry/adapter";
import type { AiSdkApprovalCheck, AiSdkApprovalPolicy } from "./approval-policy.js";

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
  needsApproval?: AiSdkApprovalPolicy;
  /**
   * Makes each `execute` an async iterable that yields the call's progress as
   * preliminary results (`{ type: "progress", update }`) before the final
   * result; false makes it a plain async function (and the tools' progress
   * has no listener). @default true
   */
  preliminaryResults?: boolean;
}

/** Options with every default applied. */
export type ResolvedOptions = ResolvedAdapterOptions<AiSdkApprovalCheck>;
