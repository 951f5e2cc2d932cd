import { type JsonSchema, type Tool, ToolBase, type ToolContext, type ToolOutput } from "@toolkit/core";

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
 * read-only and concurrency traits are constants, and `call` runs the host
 * tool. It is built on core's `ToolBase`: input dispatch validated is passed
 * on as it is, a direct call is validated against `inputSchema` first, and a
 * ToolError the host call throws is a soft failure.
 *
 * @example
 * registry.register(createHostTool({ name, description, inputSchema, readOnly: true, concurrencySafe: true, call }));
 */
export function createHostTool(options: HostToolOptions): Tool {
  return new HostTool(options);
}

class HostTool extends ToolBase {
  readonly name: string;
  readonly description: string;
  protected readonly inputSchema: JsonSchema;
  readonly #readOnly: boolean;
  readonly #concurrencySafe: boolean;
  readonly #call: HostToolOptions["call"];

  constructor({ name, description, inputSchema, readOnly, concurrencySafe, call }: HostToolOptions) {
    super();
    this.name = name;
    this.description = description;
    this.inputSchema = inputSchema;
    this.#readOnly = readOnly;
    this.#concurrencySafe = concurrencySafe;
    this.#call = call;
  }

  protected run(input: unknown, ctx: ToolContext): Promise<ToolOutput> {
    return this.#call(input, ctx);
  }
  isReadOnly(): boolean {
    return this.#readOnly;
  }
  isConcurrencySafe(): boolean {
    return this.#concurrencySafe;
  }
}
