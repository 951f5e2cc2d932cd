/**
 * Brands shared by every copy of `@toolkit/core` in one process (the symbols
 * come from the global registry), so that two installed copies recognise
 * each other's outputs and errors where `instanceof` would not.
 */
export const TOOL_OUTPUT_BRAND: unique symbol = Symbol.for("@toolkit/core.ToolOutput");
/** See TOOL_OUTPUT_BRAND. */
export const TOOL_ERROR_BRAND: unique symbol = Symbol.for("@toolkit/core.ToolError");

/** True when `value` is an object carrying `brand`; never throws (a hostile proxy is simply not branded). */
export function hasBrand(value: unknown, brand: symbol): boolean {
  if ((typeof value !== "object" && typeof value !== "function") || value === null) return false;
  try {
    return (value as Record<symbol, unknown>)[brand] === true;
  } catch {
    return false;
  }
}
