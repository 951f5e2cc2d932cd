import type { ToolContext } from "@toolkit/core";
import type { ToolRegistry } from "@toolkit/registry";
import { createAdvertiser } from "./advertiser.js";
import { createSessionServer } from "./create-session-server.js";
import { generateToken } from "./bearer-token.js";
import { listenHttp } from "./http-endpoint.js";
import { resolveServeOptions, type ServeRegistryOptions } from "./serve-options.js";
import { defaultSessionContext } from "./session-context.js";
import { StdioLineTransport } from "./stdio-line-transport.js";
import { isMcpToolName, MCP_TOOL_NAME_RULE } from "./tool-metadata.js";

/** A registry being served over MCP. */
export interface McpServing {
  /** The endpoint for the HTTP transport; `undefined` for stdio and a given transport. */
  readonly url: URL | undefined;
  /**
   * Over HTTP, the bearer token clients must send (the given one, or the one
   * generated and printed on stderr); undefined otherwise.
   */
  readonly token: string | undefined;
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
  for (const { tool } of registry.versionedSurface().schemas) {
    if (!isMcpToolName(tool)) {
      throw new TypeError(
        `serveRegistry: tool ${JSON.stringify(tool)} has a name outside the MCP rule (${MCP_TOOL_NAME_RULE})`,
      );
    }
  }
  const { transport, logger, sessionContext, ...rest } = resolveServeOptions(options);
  const advertised = createAdvertiser({ registry, logger });
  const createSession = (ctx: ToolContext) => createSessionServer({ ...rest, ctx, registry, advertised });

  if (transport.kind === "http") {
    const { options: http } = transport;
    const token = http.allowUnauthenticated ? undefined : (http.token ?? generateToken());
    const endpoint = await listenHttp({
      options: http,
      token,
      base: rest.ctx,
      sessionContext: sessionContext ?? defaultSessionContext(rest.ctx),
      createSession,
    });
    if (token !== undefined && http.token === undefined) {
      process.stderr.write(
        `serveRegistry: ${endpoint.url.href} requires \`Authorization: Bearer ${token}\` (a generated token; pass \`transport.token\` to choose one)\n`,
      );
    }
    return { url: endpoint.url, token: endpoint.token, close: () => endpoint.close() };
  }
  const session = createSession(rest.ctx);
  if (transport.kind === "custom") {
    await session.server.connect(transport.transport);
    return { url: undefined, token: undefined, close: () => session.close() };
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
  const lines = new StdioLineTransport(stdin, transport.stdout, {
    ...(transport.maxMessageBytes === undefined ? {} : { maxMessageBytes: transport.maxMessageBytes }),
    onRefused: (problem) => logger.warn(`serveRegistry: refused a stdio message: ${problem}`),
  });
  await session.server.connect(lines);
  return {
    url: undefined,
    token: undefined,
    close: () => {
      stdin.off("end", onEnd);
      return session.close();
    },
  };
}
