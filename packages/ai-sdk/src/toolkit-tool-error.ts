import type { AiSdkToolResult } from "./ai-sdk-tool-result.js";
import { joinText } from "./to-model-output.js";

/**
 * What an adapted tool's `execute` throws for a soft failure, so that the AI
 * SDK records it as a `tool-error` in `steps` (and `onStepFinish`, UI
 * streams) instead of a successful result. Its `message` is the text the
 * model reads (the AI SDK sends it as `error-text`): the failure and its
 * advice. `result` keeps the whole result (parts, structured value).
 */
export class ToolkitToolError extends Error {
  override readonly name = "ToolkitToolError";
  /** The failed call's result, as `execute` would have returned it. */
  readonly result: AiSdkToolResult;

  constructor(result: AiSdkToolResult) {
    super(joinText(result.parts));
    this.result = result;
  }
}
