import type { JsonValue, OutputPart, ToolOutput } from "@toolkit/core";

/**
 * What an adapted tool's `execute` returns: a plain, JSON-serialisable copy
 * of the ToolOutput, so it survives the AI SDK's message history and UI
 * streams. `toModelOutput` turns it into what the model sees.
 */
export interface AiSdkToolResult {
  /** True for a soft failure the model should read as an error. */
  readonly isError: boolean;
  /** The text and image parts, in order (image data in base64). */
  readonly parts: readonly OutputPart[];
  /**
   * The JSON value the output carries (`ToolOutput.structured(v)`, or
   * `.withStructured(v)` beside text), whatever its display hint; absent
   * when it carries none.
   */
  readonly structured?: JsonValue;
}

/** Copies a ToolOutput into its serialisable form. */
export function toAiSdkToolResult(output: ToolOutput): AiSdkToolResult {
  const structured = output.hasStructured ? output.structuredValue() : undefined;
  if (structured === undefined) return { isError: output.isError, parts: output.parts };
  return { isError: output.isError, parts: output.parts, structured };
}
