import type { JsonSchema } from "../json/json.js";

/**
 * Inputs a dispatcher has validated, each with the schema it was checked
 * against. Module-private: only `markInputValidated` adds to it and only
 * `takeValidated` reads it, so a tool cannot be talked out of validating by
 * anything but the dispatcher that holds the same object.
 */
const validated = new WeakMap<object, JsonSchema>();

/**
 * Records that `input` was validated against `schema` (the tool's
 * `schema().input_schema`), so a `ToolBase` tool called next with this exact
 * object skips its own validation. For dispatchers: call it after validating
 * and pass the same object to `tool.call()`. The mark holds for one call
 * only; anything else (a copy, an edited object, another schema, a
 * primitive) is validated again by the tool.
 *
 * @example
 * const checked = validateInput(tool.schema().input_schema, input);
 * markInputValidated(checked, tool.schema().input_schema);
 * await tool.call(checked, ctx);
 */
export function markInputValidated(input: unknown, schema: JsonSchema): void {
  if (typeof input === "object" && input !== null) validated.set(input, schema);
}

/**
 * True when `input` carries a mark for exactly this schema object; the mark
 * is consumed, so a second call with the same object validates again.
 */
export function takeValidated(input: unknown, schema: JsonSchema): boolean {
  if (typeof input !== "object" || input === null) return false;
  if (validated.get(input) !== schema) return false;
  validated.delete(input);
  return true;
}
