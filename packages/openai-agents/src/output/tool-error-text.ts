import { errorMessage, ToolError } from "@toolkit/core";
import { AgentsToolError } from "./agents-tool-error.js";

/**
 * The Agents SDK's `errorFunction`: what the model reads when `execute`
 * throws. A Toolkit soft failure (`AgentsToolError`) is its text unchanged,
 * the failure and its advice; a ToolError keeps its message and advice;
 * anything else the SDK throws around `execute` reads
 * `Tool 'x' failed: <message>`.
 */
export function toolErrorText(name: string, error: unknown): string {
  if (error instanceof AgentsToolError) return error.message;
  if (ToolError.is(error)) return error.toOutput().textContent();
  return `Tool '${name}' failed: ${errorMessage(error)}`;
}
