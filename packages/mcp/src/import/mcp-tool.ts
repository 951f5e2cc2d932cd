import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Tool as McpToolDefinition } from "@modelcontextprotocol/sdk/types.js";
import {
  isJsonObject,
  type JsonSchema,
  ToolBase,
  type ToolContext,
  ToolError,
  ToolOutput,
} from "@toolkit/core";
import type { OutputSchemaTool } from "../protocol/output-schema.js";
import { toToolOutput } from "./to-tool-output.js";

/** What an imported tool needs to reach its server. */
export interface McpToolOptions {
  /** The connected client that lists and calls the tool. */
  client: Client;
  /** The tool as the server advertised it. */
  definition: McpToolDefinition;
  /** The checked input schema (the advertised one). */
  inputSchema: JsonSchema;
  /** The checked output schema, if the server declared one. */
  outputSchema: JsonSchema | undefined;
  /** The local wire name (prefix + remote name). */
  name: string;
  /** The server's name, for error messages. */
  serverName: string;
  /** Per-call request timeout. */
  timeoutMs: number;
}

/**
 * A tool on an MCP server, seen as a Toolkit `Tool`: the schema as
 * advertised, `isReadOnly` from `readOnlyHint`, `isIdempotent` from
 * `idempotentHint` (or read-only), concurrency-safe when read-only. A call is
 * a `tools/call` request carrying `ctx.signal`, so cancelling the call
 * cancels the remote request; when the call's progress has a listener, the
 * request carries a progress token and the server's `notifications/progress`
 * become `ctx.progress` updates. Input is validated against the advertised
 * schema once (by dispatch, or here on a direct call) before it is sent.
 */
export class McpTool extends ToolBase implements OutputSchemaTool {
  readonly name: string;
  readonly description: string;
  /** The tool's name on its server. */
  readonly remoteName: string;
  /** The definition the server advertised. */
  readonly definition: McpToolDefinition;
  protected readonly inputSchema: JsonSchema;
  readonly #outputSchema: JsonSchema | undefined;
  readonly #client: Client;
  readonly #serverName: string;
  readonly #timeoutMs: number;

  constructor({
    client,
    definition,
    inputSchema,
    outputSchema,
    name,
    serverName,
    timeoutMs,
  }: McpToolOptions) {
    super();
    this.name = name;
    this.remoteName = definition.name;
    this.definition = definition;
    this.description =
      definition.description?.trim() ||
      definition.title?.trim() ||
      `Tool '${definition.name}' of the MCP server '${serverName}'.`;
    this.inputSchema = inputSchema;
    this.#outputSchema = outputSchema;
    this.#client = client;
    this.#serverName = serverName;
    this.#timeoutMs = timeoutMs;
  }

  /** The server's name (`importMcpTools`' `serverName`): hooks see this tool as `mcp__<serverName>__<remoteName>`. */
  get serverName(): string {
    return this.#serverName;
  }

  /** The server's output schema, so serving this tool again advertises it too. */
  outputSchema(): JsonSchema | undefined {
    return this.#outputSchema;
  }

  isReadOnly(): boolean {
    return this.definition.annotations?.readOnlyHint === true;
  }

  isIdempotent(): boolean {
    return this.definition.annotations?.idempotentHint === true || this.isReadOnly();
  }

  isConcurrencySafe(): boolean {
    return this.isReadOnly();
  }

  protected async run(input: unknown, ctx: ToolContext): Promise<ToolOutput> {
    // MCP sends arguments as an object, whatever a permissive schema would let through.
    if (!isJsonObject(input)) throw ToolError.invalidInput("expected an object of arguments");
    let result: Awaited<ReturnType<Client["callTool"]>>;
    try {
      result = await this.#client.callTool({ name: this.remoteName, arguments: input }, undefined, {
        signal: ctx.signal,
        timeout: this.#timeoutMs,
        // Asking for progress (a progress token) only when someone listens to this call's.
        ...(ctx.hasProgressListener
          ? {
              onprogress: ({ progress, total, message }) =>
                ctx.progress({
                  progress,
                  ...(total === undefined ? {} : { total }),
                  ...(message === undefined ? {} : { message }),
                }),
            }
          : {}),
      });
    } catch (error) {
      if (ctx.signal.aborted) throw ToolError.cancelled({ cause: error });
      const reason = error instanceof Error ? error.message : String(error);
      throw ToolError.execution(
        `the MCP server '${this.#serverName}' failed '${this.remoteName}': ${reason}`,
        {
          cause: error,
        },
      );
    }
    if (!Array.isArray(result.content)) {
      // A server on the 2024-10-07 protocol answers { toolResult } instead of content.
      return ToolOutput.structured(result.toolResult);
    }
    return toToolOutput({ ...result, content: result.content });
  }
}
