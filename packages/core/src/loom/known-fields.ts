import { adviceFor } from "../errors/error.js";
import { isJsonObject } from "../json/json.js";
import { LoomToolError } from "./loom-error.js";

/**
 * Refuses a field the tool does not know, as serde's `deny_unknown_fields`
 * words it: ``unknown field `x`, expected `a` or `b` ``. The Loom schemas
 * (the document's, shown as they are) do not forbid extra fields; a
 * misspelt field must not be silently ignored, so the tool checks here.
 *
 * @example checkKnownFields(input, ["path", "max_bytes"]) // throws for { path, max_byte }
 */
export function checkKnownFields(value: unknown, known: readonly string[], where = ""): void {
  if (!isJsonObject(value)) return;
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    throw LoomToolError.invalidArguments(`unknown field \`${where}${key}\`, expected ${expected(known)}`, {
      advice: adviceFor("InvalidInput"),
    });
  }
}

function expected(known: readonly string[]): string {
  const names = known.map((k) => `\`${k}\``);
  if (names.length === 1) return names[0] ?? "";
  if (names.length === 2) return `${names[0]} or ${names[1]}`;
  return `one of ${names.join(", ")}`;
}
