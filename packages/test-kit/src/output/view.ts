import type { ToolOutput } from "@toolkit/core";

/** The text of an output, with its error flag, for compact assertions. */
export function view(output: ToolOutput): { isError: boolean; text: string } {
  return { isError: output.isError, text: output.textContent() };
}
