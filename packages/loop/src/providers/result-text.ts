import type { ContentPart } from "../model/messages.js";
import { resultPartsText } from "../model/messages.js";

/** The text sent for a result with no text (some providers reject empty content). */
export const EMPTY_RESULT_TEXT = "(no output)";

/** A result's text, or the empty-result marker. */
export function resultText(parts: readonly ContentPart[]): string {
  const text = resultPartsText(parts);
  return text === "" ? EMPTY_RESULT_TEXT : text;
}
