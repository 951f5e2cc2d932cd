import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { createToolContext, FnTool } from "@toolkit/core";
import { type Middleware, ToolRegistry } from "@toolkit/registry";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fixtureRegistry, httpClientTransport, PATIENCE, TEST_TOKEN } from "../fixtures/connect.js";
import { send } from "../fixtures/raw-http.js";
import { type McpServing, serveRegistry } from "./serve-registry.js";

const quiet = { warn: () => undefined };

describe("serveRegistry", () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const fn of cleanup.splice(0).reverse()) await fn();
  });

  async function serveHttp(
    registry: ToolRegistry,
    extra: { middleware?: Middleware[]; ctx?: ReturnType<typeof createToolContext> } = {},
  ) {
    const serving = await serveRegistry(registry, {
      name: "t",
      version: "1.0.0",
      transport: { type: "http", token: TEST_TOKEN },
      logger: quiet,
      ...extra,
    });
    cleanup.push(() => serving.close());
    return serving as McpServing & { url: URL };
  }
  async function connect(url: URL) {
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(httpClientTransport(url));
    cleanup.push(() => client.close());
    return client;
  }

  describe("when calls arrive over HTTP", () => {
    it("runs each one through dispatch with the host's middleware", async () => {
      const seen: string[] = [];
      const record: Middleware = async function record(call, next) {
        seen.push(`${call.id.startsWith("mcp-") ? "mcp" : call.id}:${call.name}`);
        return (await next(call)).withText("wrapped");
      };
      const serving = await serveHttp(
        fixtureRegistry({ started: 0, cancelled: 0 }, () => undefined),
        { middleware: [record] },
      );
      const client = await connect(serving.url);
      const result = await client.callTool({ name: "echo", arguments: { text: "hi" } });
      expect(result.content).toEqual([{ type: "text", text: "wrapped" }]);
      expect(seen).toEqual(["mcp:echo"]);
    });

    it("cancels a running call when the host's context is cancelled", async () => {
      const host = new AbortController();
      const state = { started: 0, cancelled: 0 };
      const serving = await serveHttp(
        fixtureRegistry(state, () => undefined),
        {
          ctx: createToolContext({ signal: host.signal }),
        },
      );
      const client = await connect(serving.url);
      const pending = client.callTool({ name: "wait", arguments: {} });
      await vi.waitFor(() => expect(state.started).toBe(1), PATIENCE);
      host.abort();
      const result = await pending;
      expect(result.isError).toBe(true);
      expect(result.content).toEqual([{ type: "text", text: expect.stringMatching(/^Cancelled/) }]);
      expect(state.cancelled).toBe(1);
    });
  });

  describe("when several clients connect", () => {
    it("gives each its own session and tells each about mutations", async () => {
      const registry = new ToolRegistry({ logger: quiet });
      const serving = await serveHttp(registry);
      const clients = [await connect(serving.url), await connect(serving.url)];
      const counts = [0, 0];
      clients.forEach((client, i) => {
        client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
          counts[i] = (counts[i] ?? 0) + 1;
        });
      });
      let n = 0;
      // Each client opens its notification stream in the background; mutate until both have heard.
      await vi.waitFor(
        () => {
          registry.register(new FnTool(`t${n++}`, "A tool.", { type: "object" }, () => "ok"));
          expect(counts.every((c) => c > 0)).toBe(true);
        },
        { timeout: 5000, interval: 50 },
      );
      for (const client of clients) expect((await client.listTools()).tools).toHaveLength(registry.size);
    });
  });

  describe("when a request is not for a live session", () => {
    it.each([
      [
        "a foreign Host header",
        "/mcp",
        { host: "evil.example" },
        "POST",
        403,
        "Invalid Host header: evil.example",
      ],
      ["another path", "/other", {}, "POST", 404, "Not found: the MCP endpoint is /mcp"],
      [
        "an unknown session",
        "/mcp",
        { "mcp-session-id": "nope" },
        "POST",
        404,
        "Session not found: initialize a new session",
      ],
      ["a GET without a session", "/mcp", {}, "GET", 400, "Bad request: no `mcp-session-id` header"],
    ])("refuses %s", async (_, path, headers, method, status, message) => {
      const serving = await serveHttp(new ToolRegistry({ logger: quiet }));
      const init = {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } },
      };
      const reply = await send(new URL(path, serving.url), {
        method,
        headers: { authorization: `Bearer ${TEST_TOKEN}`, ...headers },
        ...(method === "GET" ? {} : { body: JSON.stringify(init) }),
      });
      expect(reply.status).toBe(status);
      expect(JSON.parse(reply.body).error.message).toBe(message);
    });
  });

  describe("when given an SDK transport", () => {
    it("serves one session over it", async () => {
      const registry = fixtureRegistry({ started: 0, cancelled: 0 }, () => undefined);
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      const serving = await serveRegistry(registry, {
        name: "t",
        version: "1.0.0",
        transport: serverSide,
        logger: quiet,
      });
      const client = new Client({ name: "test", version: "1.0.0" });
      await client.connect(clientSide);
      expect(serving.url).toBeUndefined();
      expect(client.getServerVersion()).toEqual({ name: "t", version: "1.0.0" });
      expect(await client.callTool({ name: "echo", arguments: { text: "x" } })).toEqual({
        content: [{ type: "text", text: "x" }],
      });
      await serving.close();
      await serving.close();
      await expect(client.listTools()).rejects.toThrow();
    });
  });

  describe("when the options are wrong", () => {
    const registry = new ToolRegistry({ logger: quiet });
    it.each([
      [{ name: "" }, '`name` must be a non-empty string, got ""'],
      [{ version: 1 }, "`version` must be a non-empty string, got 1"],
      [
        { transport: "tcp" },
        '`transport` must be "stdio", "http", { type: "stdio" | "http", ... } or an MCP SDK Transport, got "tcp"',
      ],
      [
        { transport: { type: "http", port: 70000 } },
        "`transport.port` must be an integer from 0 to 65535, got 70000",
      ],
      [{ transport: { type: "http", path: "mcp" } }, '`transport.path` must start with "/", got "mcp"'],
      [{ middleware: [1] }, "`middleware` must be an array of middleware functions"],
      [{ logger: {} }, "`logger` must have a `warn(message)` method"],
    ])("throws a TypeError naming the option (%o)", async (bad, message) => {
      const options = { name: "t", version: "1", transport: "http", ...bad } as unknown as Parameters<
        typeof serveRegistry
      >[1];
      const error = await serveRegistry(registry, options).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TypeError);
      expect((error as TypeError).message).toBe(`serveRegistry: ${message}`);
    });
  });
});
