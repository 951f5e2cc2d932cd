import { FnTool } from "@toolkit/core";
import { ToolRegistry } from "@toolkit/registry";

/** The input of the calculator's `add` tool. */
export interface AddInput {
  a: number;
  b: number;
  note?: string;
}

/**
 * A registry with one read-only tool, `add`: two required integers and an
 * optional `note` (echoed in parentheses), closed to other fields. Its
 * optional field lets strict-schema tests see a null mapped back to absent.
 */
export function calculator(): ToolRegistry {
  const registry = new ToolRegistry();
  registry.register(
    new FnTool(
      "add",
      "Adds two integers.",
      {
        type: "object",
        properties: { a: { type: "integer" }, b: { type: "integer" }, note: { type: "string" } },
        required: ["a", "b"],
        additionalProperties: false,
      },
      async (input: AddInput) =>
        "note" in input ? `${input.a + input.b} (${input.note})` : String(input.a + input.b),
    ).readOnly(),
  );
  return registry;
}
