import type { ToolOutput } from "@toolkit/core";

/**
 * What an adapted tool's `execute` throws for a soft failure, the Agents
 * SDK's own convention for a failed tool: the SDK marks the function span
 * with an error ("Error running tool (non-fatal)") and sends the model what
 * `errorFunction` makes of it, here the output's text unchanged (the
 * failure and its advice). `output` keeps the whole ToolOutput.
 */
export class AgentsToolError extends Error {
  // The name it had as ToolkitToolError, kept while that alias lives (the
  // Agents SDK's span data shows it).
  override readonly name = "ToolkitToolError";
  /** The failed call's output, as dispatch answered it. */
  readonly output: ToolOutput;

  constructor(output: ToolOutput) {
    super(output.textContent());
    this.output = output;
  }
}

/** @deprecated use AgentsToolError; to be removed in 0.3 */
export const ToolkitToolError = AgentsToolError;
/** @deprecated use AgentsToolError; to be removed in 0.3 */
export type ToolkitToolError = AgentsToolError;
