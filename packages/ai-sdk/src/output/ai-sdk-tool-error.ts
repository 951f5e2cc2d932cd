import type { AiSdkToolResult } from "./ai-sdk-tool-result.js";
import { joinText } from "./to-model-output.js";

/**
 * What an adapted tool's `execute` throws for a soft failure, so that the AI
 * SDK records it as a `tool-error` in `steps` (and `onStepFinish`, UI
 * streams) instead of a successful result. Its `message` is the text the
 * model reads (the AI SDK sends it as `error-text`): the failure and its
 * advice. `result` keeps the whole result (parts, structured value).
 */
export class AiSdkToolError extends Error {
  // The name it had as ToolkitToolError, kept while that alias lives (logs and
  // `tool-error` parts show it).
  override readonly name = "ToolkitToolError";
  /** The failed call's result, as `execute` would have returned it. */
  readonly result: AiSdkToolResult;

  constructor(result: AiSdkToolResult) {
    super(joinText(result.parts));
    this.result = result;
  }

  /**
   * The message alone, as the model should read it. ai 7 renders a thrown
   * tool error with `toString()` (ai 6 with `message`), which would otherwise
   * put `ToolkitToolError: ` before every failure the model sees.
   */
  override toString(): string {
    return this.message;
  }
}

/** @deprecated use AiSdkToolError; to be removed in 0.3 */
export const ToolkitToolError = AiSdkToolError;
/** @deprecated use AiSdkToolError; to be removed in 0.3 */
export type ToolkitToolError = AiSdkToolError;
