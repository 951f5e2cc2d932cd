import type { ToolProgress } from "@toolkit/core";

/**
 * A preliminary result of an adapted tool: one progress update of the
 * running call (the AI SDK streams it as a `tool-result` part with
 * `preliminary: true`). The model never sees it; it sees the final
 * `AiSdkToolResult` only.
 */
export interface AiSdkToolProgress {
  readonly type: "progress";
  /** The update, sanitized and rate-limited (see `ToolProgress` in @toolkit/core). */
  readonly update: ToolProgress;
}

/** True for a preliminary progress result of an adapted tool. */
export function isAiSdkToolProgress(value: unknown): value is AiSdkToolProgress {
  return (
    typeof value === "object" &&
    value !== null &&
    Reflect.get(value, "type") === "progress" &&
    typeof Reflect.get(value, "update") === "object"
  );
}
