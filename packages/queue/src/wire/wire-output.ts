import {
  canonicalJson,
  DisplayHint,
  isJsonObject,
  type JsonValue,
  type OutputPart,
  Retention,
  ToolOutput,
} from "@toolkit/core";
import { bad, parse, WIRE_VERSION } from "./wire-call.js";

const HINTS = new Set<string>(Object.values(DisplayHint));
const RETENTIONS = new Set<string>(Object.values(Retention));

/**
 * A ToolOutput as canonical JSON: every part (images stay base64), the error
 * flag, hint, retention, the structured value and host-side meta.
 */
export function encodeOutput(output: ToolOutput): string {
  const structured = carriedValue(output);
  return canonicalJson({
    v: WIRE_VERSION,
    parts: output.parts,
    isError: output.isError,
    retention: output.retention,
    meta: output.meta,
    ...(output.hint === undefined ? {} : { hint: output.hint }),
    ...(structured === undefined ? {} : { structured }),
  });
}

/** Rebuilds a ToolOutput from `encodeOutput`'s text. Throws a WireError naming the first bad field. */
export function decodeOutput(text: string): ToolOutput {
  const value = parse(text, "output");
  if (value.v !== WIRE_VERSION) throw bad("output", "v", `${WIRE_VERSION}`, value.v);
  const { parts, isError, retention, meta, hint } = value;
  if (!Array.isArray(parts)) throw bad("output", "parts", "an array", parts);
  if (typeof isError !== "boolean") throw bad("output", "isError", "a boolean", isError);
  if (typeof retention !== "string" || !RETENTIONS.has(retention))
    throw bad("output", "retention", [...RETENTIONS].join(" | "), retention);
  if (hint !== undefined && (typeof hint !== "string" || !HINTS.has(hint)))
    throw bad("output", "hint", [...HINTS].join(" | "), hint);
  if (!isJsonObject(meta)) throw bad("output", "meta", "an object", meta);
  let out: ToolOutput;
  try {
    const only = parts.length === 1 ? (parts[0] as OutputPart) : undefined;
    out =
      only?.type === "text" && typeof only.text === "string"
        ? ToolOutput.text(only.text)
        : ToolOutput.multipart(parts as OutputPart[]);
  } catch (error) {
    throw bad("output", "parts", "text and image parts", error instanceof Error ? error.message : error);
  }
  if (value.structured !== undefined) out = out.withStructured(value.structured);
  out = out
    .withHint(hint as DisplayHint | undefined)
    .withRetention(retention as Retention)
    .withError(isError);
  for (const [key, v] of Object.entries(meta)) out = out.withMeta(key, v as JsonValue);
  return out;
}

/**
 * The structured value when the text alone does not give it back: a single
 * text part that parses to the same JSON needs no second copy.
 */
function carriedValue(output: ToolOutput): JsonValue | undefined {
  // A text or multipart output's value, if any, is read back from its text: nothing to carry (and
  // no JSON.parse of plain text, whose thrown error costs more than the rest of the encoding).
  if (!output.hasStructured) return undefined;
  const value = output.structuredValue();
  if (value === undefined) return undefined;
  const [only] = output.parts;
  if (output.parts.length === 1 && only?.type === "text") {
    try {
      if (canonicalJson(JSON.parse(only.text)) === canonicalJson(value)) return undefined;
    } catch {
      // Not JSON: the value must travel.
    }
  }
  return value;
}
