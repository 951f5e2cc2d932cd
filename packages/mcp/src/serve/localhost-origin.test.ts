import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { FnTool } from "@toolkit/core";
import { ToolRegistry } from "@toolkit/registry";
import { afterEach, describe, expect, it } from "vitest";
import { httpClientTransport, TEST_TOKEN } from "../fixtures/connect.js";
import { INITIALIZE, send } from "../fixtures/raw-http.js";
import { type HttpTransportOptions, type McpServing, serveRegistry } from "../index.js";

const quiet = { warn: () => undefined };
const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function serve(http: Omit<HttpTransportOptions, "type"> = {}): Promise<McpServing & { url: URL }> {
  const registry = new ToolRegistry({ logger: quiet });
  registry.register(new FnTool("echo", "Echoes.", { type: "object" }, async () => "ok"));
  const serving = await serveRegistry(registry, {
    name: "t",
    version: "1.0.0",
    transport: { type: "http", token: TEST_TOKEN, ...http },
    logger: quiet,
  });
  cleanup.push(() => serving.close());
  return serving as McpServing & { url: URL };
}

function post(serving: { url: URL }, headers: Record<string, string>) {
  return send(serving.url, {
    headers: { authorization: `Bearer ${TEST_TOKEN}`, ...headers },
    body: INITIALIZE,
  });
}

describe("serveRegistry on its own localhost server", () => {
  it.each(["localhost", "127.0.0.1", "[::1]"])(
    "accepts Host and Origin http://%s:<its port>",
    async (name) => {
      const serving = await serve();
      const authority = `${name}:${serving.url.port}`;
      const reply = await post(serving, { host: authority, origin: `http://${authority}` });
      expect(reply.status).toBe(200);
    },
  );

  it("lets the SDK client work with a localhost Origin", async () => {
    const serving = await serve();
    const url = new URL(serving.url);
    url.hostname = "localhost";
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(url, {
        requestInit: { headers: { authorization: `Bearer ${TEST_TOKEN}`, origin: `http://${url.host}` } },
      }),
    );
    cleanup.push(() => client.close());
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["echo"]);
  });

  it.each([
    ["another port", (port: string) => `http://localhost:${Number(port) + 1}`],
    ["no port", () => "http://localhost"],
    ["https", (port: string) => `https://localhost:${port}`],
    ["a foreign site", () => "https://evil.example"],
    ["a rebinding name on the right port", (port: string) => `http://evil.example:${port}`],
  ])("still refuses %s as Origin", async (_, origin) => {
    const serving = await serve();
    const value = origin(serving.url.port);
    const reply = await post(serving, { origin: value });
    expect(reply.status).toBe(403);
    expect(JSON.parse(reply.body).error.message).toBe(
      `Invalid Origin header: ${value} (allow it with \`allowedOrigins\`)`,
    );
  });

  it("still refuses a foreign Host", async () => {
    const serving = await serve();
    const reply = await post(serving, { host: `evil.example:${serving.url.port}` });
    expect(reply.status).toBe(403);
  });

  it("keeps an allowedOrigins list beside its own origins", async () => {
    const serving = await serve({ allowedOrigins: ["https://app.example"] });
    expect((await post(serving, { origin: "https://app.example" })).status).toBe(200);
    expect((await post(serving, { origin: `http://localhost:${serving.url.port}` })).status).toBe(200);
  });

  it("does not accept its own loopback origins when the user set allowedHosts", async () => {
    const serving = await serve({ allowedHosts: ["mcp.internal:1"] });
    const reply = await post(serving, {
      host: "mcp.internal:1",
      origin: `http://localhost:${serving.url.port}`,
    });
    expect(reply.status).toBe(403);
  });
});

describe("serveRegistry and logging/setLevel (2025 era)", () => {
  it("answers logging/setLevel from the SDK client", async () => {
    const serving = await serve();
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(httpClientTransport(serving.url));
    cleanup.push(() => client.close());
    expect(client.getServerCapabilities()?.logging).toEqual({});
    await expect(client.setLoggingLevel("warning")).resolves.toEqual({});
  });
});
