import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { type ToolContext, ToolError } from "@toolkit/core";
import { dispatch, type Middleware, type ToolRegistry } from "@toolkit/registry";
import type { Advertised } from "./advertiser.js";
import { joinSignals } from "./join-signals.js";
import { progressNotifier } from "./progress-notifier.js";
import { RpcError } from "./rpc-error.js";
import { toCallToolResult } from "./to-call-tool-result.js";

/** What one MCP session needs from `serveRegistry`. */
export interface SessionServerOptions {
  registry: ToolRegistry;
  name: string;
  version: string;
  instructions: string | undefined;
  middleware: readonly Middleware[];
  ctx: ToolContext;
  advertised: () => Advertised;
}

/** One low-level MCP server bound to a registry, and how to let it go. */
export interface SessionServer {
  readonly server: Server;
  /** Stops following the registry and closes the server's transport. */
  close(): Promise<void>;
}

/**
 * Builds the MCP `Server` for one session. The low-level server is used (not
 * `McpServer`) so the registry's JSON Schemas pass through unchanged.
 * `tools/list` shows the advertised tools; `tools/call` runs through
 * `dispatch` with the host's middleware and a signal that fires on the
 * client's `notifications/cancelled`, and a client that sends
 * `_meta.progressToken` gets the call's progress as `notifications/progress`
 * until the result; registry mutations are announced with
 * `notifications/tools/list_changed`.
 */
export function createSessionServer(options: SessionServerOptions): SessionServer {
  const { registry, name, version, instructions, middleware, ctx, advertised } = options;
  const server = new Server(
    { name, version },
    {
      // `logging` (2025 era): the SDK answers `logging/setLevel` and keeps the level per session.
      capabilities: { tools: { listChanged: true }, logging: {} },
      debouncedNotificationMethods: ["notifications/tools/list_changed"],
      ...(instructions === undefined ? {} : { instructions }),
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: advertised().tools.map((t) => t.definition),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { name: toolName, arguments: input = {} } = request.params;
    const surface = advertised();
    const entry = surface.byName.get(toolName);
    if (!entry) {
      const names = [...surface.byName.keys()].sort();
      throw new RpcError(ErrorCode.InvalidParams, ToolError.notFound(toolName, names).message);
    }
    // Not AbortSignal.any: on Node 20 it retains every joined signal on the long-lived session signal.
    const joined = joinSignals([ctx.signal, extra.signal]);
    // Progress only for a client that asked (`_meta.progressToken`); dispatch stops it when the call ends.
    const token = request.params._meta?.progressToken;
    const notify =
      token === undefined
        ? undefined
        : progressNotifier(token, (params) => {
            extra.sendNotification({ method: "notifications/progress", params }).catch(() => undefined);
          });
    let result: Awaited<ReturnType<typeof dispatch>>[number] | undefined;
    try {
      [result] = await dispatch(registry, [{ id: `mcp-${String(extra.requestId)}`, name: toolName, input }], {
        middleware,
        ctx: ctx.withSignal(joined.signal),
        advertised: surface.byName.keys(),
        ...(notify === undefined ? {} : { onProgress: notify }),
      });
    } finally {
      joined.release();
    }
    if (!result) throw new RpcError(ErrorCode.InternalError, `dispatch returned no result for '${toolName}'`);
    return toCallToolResult({ output: result.output, outputSchema: entry.outputSchema, name: toolName });
  });

  const unsubscribe = registry.onToolSurfaceChanged(() => {
    // Before the client has initialized there is no one to tell; its first tools/list sees the change.
    if (server.transport && server.getClientVersion()) server.sendToolListChanged().catch(() => undefined);
  });
  let closing: Promise<void> | undefined;
  server.onclose = () => unsubscribe();
  return {
    server,
    close() {
      unsubscribe();
      closing ??= server.close();
      return closing;
    },
  };
}
