import { ToolError } from "@toolkit/core";

/**
 * The Agents SDK's `errorFunction`: what the model reads when something the
 * SDK runs around `execute` throws (dispatch itself answers every tool
 * failure). A ToolError keeps its message and advice; anything else reads
 * `Tool 'x' failed: <message>`.
 */
export function toolErrorText(name: string, error: unknown): string {
  if (ToolError.is(error)) return error.toOutput().textContent();
  return `Tool '${name}' failed: ${error instanceof Error ? error.message : String(error)}`;
}
