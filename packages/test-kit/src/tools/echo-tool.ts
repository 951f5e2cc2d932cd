import { FnTool, type ToolContext } from "@toolkit/core";

/** A tiny tool for tests: echoes its `v` field as `name:<v as JSON>`. */
export function echoTool(
  name: string,
  { safe = false, key }: { safe?: boolean; key?: (input: { v?: unknown }) => string | undefined } = {},
) {
  const tool = new FnTool<{ v?: unknown }>(
    name,
    `Echoes v (${name}).`,
    { type: "object", properties: { v: {} }, additionalProperties: false },
    (input) => `${name}:${JSON.stringify(input.v ?? null)}`,
  ).concurrencySafe(safe);
  if (key) tool.withResourceKey(key);
  return tool;
}

/** A tool whose body the test controls. */
export function controlledTool(
  name: string,
  body: (input: { v?: unknown }, ctx: ToolContext) => Promise<string>,
  { safe = true }: { safe?: boolean } = {},
) {
  return new FnTool<{ v?: unknown }>(
    name,
    `Controlled ${name}.`,
    { type: "object", properties: { v: {} } },
    body,
  ).concurrencySafe(safe);
}
