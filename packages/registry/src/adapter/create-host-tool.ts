import type { JsonSchema, Tool, ToolContext, ToolOutput, ToolSchema } from "@toolkit/core";

/** What `createHostTool` needs to know about a tool that lives in a host (an AI SDK tool, a LangChain tool). */
export interface HostToolOptions {
  /** The wire name, already checked against the MCP name rule. */
  readonly name: string;
  /** The description the model sees. */
  readonly description: string;
  /** The host tool's input as a JSON Schema. */
  readonly inputSchema: JsonSchema;
  /** The tool changes nothing (selectors, approvals and memoize read this). */
  readonly readOnly: boolean;
  /** Calls may share a parallel wave. */
  readonly concurrencySafe: boolean;
  /** Runs one call through the host tool. */
  readonly call: (input: unknown, ctx: ToolContext) => Promise<ToolOutput>;
}

/**
 * Throws a TypeError naming the function `fn` unless the `readOnly` and
 * `concurrencySafe` options of a host tool wrapper are booleans. Call it
 * before converting the host tool's schema, so a bad option is reported first.
 *
 * @example
 * checkHostToolFlags("fromLangChainTool", { readOnly, concurrencySafe });
 */
export function checkHostToolFlags(
  fn: string,
  flags: { readonly readOnly: unknown; readonly concurrencySafe: unknown },
): void {
  if (typeof flags.readOnly !== "boolean") throw new TypeError(`${fn}: \`readOnly\` must be a boolean`);
  if (typeof flags.concurrencySafe !== "boolean") {
    throw new TypeError(`${fn}: \`concurrencySafe\` must be a boolean`);
  }
}

/**
 * A Toolkit Tool around a host's tool, so it joins a registry and runs
 * through dispatch and its middleware: its schema is frozen once, its
 * read-only and concurrency traits are constants, and `call` runs the host tool.
 *
 * @example
 * registry.register(createHostTool({ name, description, inputSchema, readOnly: true, concurrencySafe: true, call }));
 */
export function createHostTool(options: HostToolOptions): Tool {
  const { name, description, inputSchema, readOnly, concurrencySafe, call } = options;
  const schema: ToolSchema = Object.freeze({ tool: name, description, input_schema: inputSchema });
  return {
    name,
    description,
    schema: () => schema,
    isReadOnly: () => readOnly,
    isConcurrencySafe: () => concurrencySafe,
    call,
  };
}
