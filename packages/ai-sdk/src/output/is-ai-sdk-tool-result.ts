import type { AiSdkToolResult } from "./ai-sdk-tool-result.js";

/** True for the value an adapted tool's `execute` returned (also after a JSON round trip). */
export function isAiSdkToolResult(value: unknown): value is AiSdkToolResult {
  if (value === null || typeof value !== "object") return false;
  const { isError, parts } = value as { isError?: unknown; parts?: unknown };
  return typeof isError === "boolean" && Array.isArray(parts);
}
