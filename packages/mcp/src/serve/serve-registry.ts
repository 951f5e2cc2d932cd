import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { ToolRegistry } from "@toolkit/registry";
import { createAdvertiser } from "./advertiser.js";
import { createSessionServer } from "./create-session-server.js";
import { listenHttp } from "./http-endpoint.js";
import { resolveServeOptions, type ServeRegistryOptions } from "./serve-options.js";

/** A registry being served over MCP. */
export interface McpServing {
  /** The endpoint for the HTTP transport; `undefined` for stdio and a given transport. */
  readonly url: URL | undefined;
  /** Closes every session, stops listening and stops following the registry. Idempotent. */
  close(): Promise<void>;
}

/**
 * Serves a registry's tools over MCP. `tools/list` shows the registry's
 * tools in registration order (each schema checked with ajv first: a tool
 * whose schema is invalid or not an object is skipped with a warning),
 * annotated from its traits; `tools/call` runs through `dispatch` with the
 * host's middleware; registry mutations send `notifications/tools/list_changed`.
 *
 * @example
 * const serving = await serveRegistry(registry, { name: "my-tools", version: "1.0.0", transport: "stdio" });
 * // later: await serving.close();
 */
export async function serveRegistry(
  registry: ToolRegistry,
  options: ServeRegistryOptions,
): Promise<McpServing> {
  if (
    typeof registry?.versionedSurface !== "function" ||
    typeof registry.onToolSurfaceChanged !== "function"
  ) {
    throw new TypeError("serveRegistry: `registry` must be a ToolRegistry from @toolkit/registry");
  }
  const { transport, logger, ...rest } = resolveServeOptions(options);
  const advertised = createAdvertiser({ registry, logger });
  const createSession = () => createSessionServer({ ...rest, registry, advertised });

  if (transport.kind === "http") {
    const endpoint = await listenHttp({ options: transport.options, createSession });
    return { url: endpoint.url, close: () => endpoint.close() };
  }
  const session = createSession();
  if (transport.kind === "custom") {
    await session.server.connect(transport.transport);
    return { url: undefined, close: () => session.close() };
  }
  const { stdin } = transport;
  const onEnd = () => {
    session
      .close()
      .catch((error: unknown) =>
        logger.warn(`serveRegistry: closing the stdio session failed: ${String(error)}`),
      );
  };
  // The client closing our stdin ends the session, so a child process can exit.
  stdin.once("end", onEnd);
  await session.server.connect(new StdioServerTransport(stdin, transport.stdout));
  return {
    url: undefined,
    close: () => {
      stdin.off("end", onEnd);
      return session.close();
    },
  };
}
