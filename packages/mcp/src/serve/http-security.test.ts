import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createToolContext, FnTool, type ToolContext } from "@toolkit/core";
import { ToolRegistry } from "@toolkit/registry";
import { createShellTools } from "@toolkit/shell";
import { afterEach, describe, expect, it, vi } from "vitest";
import { httpClientTransport, PATIENCE, TEST_TOKEN } from "../fixtures/connect.js";
import { INITIALIZE, send, sendRaw, TOOLS_LIST } from "../fixtures/raw-http.js";
import { type HttpTransportOptions, type McpServing, serveRegistry } from "../index.js";

const quiet = { warn: () => undefined };

/** A tool that writes a file into the session's temp dir and answers the dir. */
const scratch = new FnTool("scratch", "Writes a scratch file.", { type: "object" }, async (_input, ctx) => {
  const dir = await ctx.ensureTempDir();
  await writeFile(join(dir, "note.txt"), "scratch");
  return dir;
});

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function serve(
  http: Omit<HttpTransportOptions, "type"> = { token: TEST_TOKEN },
  extra: { registry?: ToolRegistry; sessionContext?: (s: { sessionId: string }) => ToolContext } = {},
): Promise<McpServing & { url: URL }> {
  const registry = extra.registry ?? new ToolRegistry({ logger: quiet });
  if (!extra.registry) registry.register(scratch);
  const serving = await serveRegistry(registry, {
    name: "t",
    version: "1.0.0",
    transport: { type: "http", ...http },
    logger: quiet,
    ...(extra.sessionContext ? { sessionContext: extra.sessionContext } : {}),
  });
  cleanup.push(() => serving.close());
  return serving as McpServing & { url: URL };
}

async function connect(url: URL, token = TEST_TOKEN): Promise<Client> {
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(httpClientTransport(url, token));
  cleanup.push(() => client.close());
  return client;
}

function text(result: object): string {
  return JSON.stringify(Reflect.get(result, "content"));
}

/** Initializes a session with raw requests and answers its id. */
async function initialize(url: URL): Promise<string> {
  const reply = await send(url, { headers: { authorization: `Bearer ${TEST_TOKEN}` }, body: INITIALIZE });
  const id = reply.headers["mcp-session-id"];
  if (reply.status !== 200 || typeof id !== "string") throw new Error(`initialize failed: ${reply.status}`);
  return id;
}

/** A raw request head to the endpoint with the usual headers; `lines` replace or add to them. */
function rawHead(
  url: URL,
  { host = url.host, extra = [] as string[], auth = [`Authorization: Bearer ${TEST_TOKEN}`] } = {},
): string {
  return [
    `POST ${url.pathname} HTTP/1.1`,
    `Host: ${host}`,
    ...extra,
    "Content-Type: application/json",
    "Accept: application/json, text/event-stream",
    ...auth,
  ].join("\r\n");
}

/** A session context factory that counts the contexts live now and the most live at once. */
function countContexts() {
  const counts = {
    live: 0,
    most: 0,
    make: ({ sessionId }: { sessionId: string }): ToolContext => {
      const ctx = createToolContext({ sessionId });
      counts.most = Math.max(counts.most, ++counts.live);
      ctx.onDispose(() => {
        counts.live--;
      });
      return ctx;
    },
  };
  return counts;
}

function listTools(url: URL, sessionId: string) {
  return send(url, {
    headers: { authorization: `Bearer ${TEST_TOKEN}`, "mcp-session-id": sessionId },
    body: TOOLS_LIST,
  });
}

describe("serveRegistry over HTTP, under attack", () => {
  describe("when a request has no valid bearer token", () => {
    it.each([
      ["no Authorization header", undefined],
      ["a wrong token", `Bearer ${TEST_TOKEN.replace(/.$/, "x")}`],
      ["the token with a suffix", `Bearer ${TEST_TOKEN}x`],
      ["a prefix of the token", `Bearer ${TEST_TOKEN.slice(0, -1)}`],
      ["another scheme", `Basic ${TEST_TOKEN}`],
      ["the bare token", TEST_TOKEN],
      ["an empty bearer", "Bearer "],
    ])("answers 401 for %s and runs nothing", async (_, authorization) => {
      const serving = await serve();
      const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
      const reply = await send(serving.url, { headers, body: INITIALIZE });
      expect(reply.status).toBe(401);
      expect(reply.headers["www-authenticate"]).toBe('Bearer realm="toolkit-mcp"');
      expect(JSON.parse(reply.body).error.message).toBe("Unauthorized: send `Authorization: Bearer <token>`");
      expect(reply.headers["mcp-session-id"]).toBeUndefined();
    });

    it("refuses two Authorization headers even when one is right", async () => {
      const serving = await serve();
      const head = rawHead(serving.url, {
        auth: ["Authorization: Bearer wrong-token-wrong-token", `Authorization: Bearer ${TEST_TOKEN}`],
      });
      expect(await sendRaw(serving.url, head, INITIALIZE)).toBe(401);
    });

    it("serves a client that sends the token", async () => {
      const serving = await serve();
      const client = await connect(serving.url);
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["scratch"]);
      expect(serving.token).toBe(TEST_TOKEN);
    });
  });

  describe("when no token is given", () => {
    it("generates one, prints it once on stderr and requires it", async () => {
      const written: string[] = [];
      const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: unknown) => {
        written.push(String(chunk));
        return true;
      });
      let serving: McpServing & { url: URL };
      try {
        serving = await serveRegistry(new ToolRegistry({ logger: quiet }), {
          name: "t",
          version: "1",
          transport: "http",
          logger: quiet,
        }).then((s) => s as McpServing & { url: URL });
      } finally {
        spy.mockRestore();
      }
      cleanup.push(() => serving.close());
      expect(serving.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(written).toEqual([
        `serveRegistry: ${serving.url.href} requires \`Authorization: Bearer ${serving.token}\` (a generated token; pass \`transport.token\` to choose one)\n`,
      ]);
      expect((await send(serving.url, { body: INITIALIZE })).status).toBe(401);
      await connect(serving.url, serving.token);
    });

    it("serves without a token only when asked to, on loopback", async () => {
      const serving = await serve({ allowUnauthenticated: true });
      expect(serving.token).toBeUndefined();
      const client = new Client({ name: "test", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(serving.url));
      cleanup.push(() => client.close());
      expect((await client.listTools()).tools).toHaveLength(1);
    });

    it.each([
      [
        { host: "0.0.0.0", allowUnauthenticated: true },
        '`transport.allowUnauthenticated` is only allowed on a loopback host (127.0.0.1, ::1, localhost), got "0.0.0.0": any machine that reaches it could run every tool. Give a `token` instead',
      ],
      [
        { allowUnauthenticated: true, token: TEST_TOKEN },
        "`transport.allowUnauthenticated` and `transport.token` contradict each other: choose one",
      ],
      [
        { token: "short" },
        "`transport.token` must be at least 16 visible ASCII characters without spaces (leave it out to generate one)",
      ],
      [{ maxSessions: 0 }, "`transport.maxSessions` must be a positive integer, got 0"],
      [{ sessionIdleTimeoutMs: -1 }, "`transport.sessionIdleTimeoutMs` must be a positive integer, got -1"],
      [
        { allowedOrigins: "https://a.example" },
        '`transport.allowedOrigins` must be an array of origins like "https://app.example"',
      ],
    ])("refuses %o", async (http, message) => {
      const options = { name: "t", version: "1", transport: { type: "http", ...http }, logger: quiet };
      const error = await serveRegistry(
        new ToolRegistry({ logger: quiet }),
        options as unknown as Parameters<typeof serveRegistry>[1],
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).toBe(`serveRegistry: ${message}`);
    });
  });

  describe("when a web page sends the request", () => {
    it.each([
      ["a foreign origin", "https://evil.example"],
      ["the opaque origin", "null"],
      ["a look-alike of an allowed origin", "https://app.example.evil.example"],
      ["an allowed origin with a path", "https://app.example/"],
      ["an allowed origin in upper case", "HTTPS://APP.EXAMPLE"],
    ])("answers 403 for %s", async (_, origin) => {
      const serving = await serve({ token: TEST_TOKEN, allowedOrigins: ["https://app.example"] });
      const reply = await send(serving.url, {
        headers: { authorization: `Bearer ${TEST_TOKEN}`, origin },
        body: INITIALIZE,
      });
      expect(reply.status).toBe(403);
      expect(JSON.parse(reply.body).error.message).toBe(
        `Invalid Origin header: ${origin} (allow it with \`allowedOrigins\`)`,
      );
    });

    it("accepts an origin the user listed, and requests without Origin", async () => {
      const serving = await serve({ token: TEST_TOKEN, allowedOrigins: ["https://app.example"] });
      const auth = { authorization: `Bearer ${TEST_TOKEN}` };
      expect(
        (await send(serving.url, { headers: { ...auth, origin: "https://app.example" }, body: INITIALIZE }))
          .status,
      ).toBe(200);
      expect((await send(serving.url, { headers: auth, body: INITIALIZE })).status).toBe(200);
    });

    it("refuses every origin but the server's own by default", async () => {
      const serving = await serve();
      const reply = await send(serving.url, {
        headers: { authorization: `Bearer ${TEST_TOKEN}`, origin: `http://${serving.url.hostname}:1` },
        body: INITIALIZE,
      });
      expect(reply.status).toBe(403);
    });
  });

  describe("when the Host header is not exactly an allowed one", () => {
    it.each([
      ["a trailing no-break space", (h: string) => `${h}\u00a0`],
      ["a trailing dot on the name", (h: string) => h.replace("127.0.0.1", "localhost.")],
      ["another port", (h: string) => `${h}0`],
      ["no port", (h: string) => h.split(":")[0] ?? h],
      ["upper case", (h: string) => h.replace("127.0.0.1", "LOCALHOST")],
      ["a user part", (h: string) => `user@${h}`],
      ["a second value", (h: string) => `${h}, evil.example`],
    ])("answers 403 for %s", async (_, change) => {
      const serving = await serve();
      const head = rawHead(serving.url, { host: change(serving.url.host) });
      expect(await sendRaw(serving.url, head, INITIALIZE)).toBe(403);
    });

    it("answers 403 for two Host headers", async () => {
      const serving = await serve();
      const head = rawHead(serving.url, { extra: ["Host: evil.example"] });
      expect(await sendRaw(serving.url, head, INITIALIZE)).toBe(403);
    });

    it("accepts the exact value", async () => {
      const serving = await serve();
      expect(await sendRaw(serving.url, rawHead(serving.url), INITIALIZE)).toBe(200);
    });
  });

  describe("when two sessions use the same server", () => {
    it("gives each its own background jobs", async () => {
      const registry = new ToolRegistry({ logger: quiet });
      for (const tool of createShellTools()) registry.register(tool);
      const serving = await serve({ token: TEST_TOKEN }, { registry });
      const a = await connect(serving.url);
      const b = await connect(serving.url);
      const started = await a.callTool({
        name: "Shell",
        arguments: { command: "echo secret-of-session-a", background: true },
      });
      expect(text(started)).toContain("job-1");
      await vi.waitFor(async () => {
        const own = await a.callTool({ name: "Jobs", arguments: { operation: "output", job_id: "job-1" } });
        expect(text(own)).toContain("secret-of-session-a");
      }, PATIENCE);
      const stolen = await b.callTool({ name: "Jobs", arguments: { operation: "output", job_id: "job-1" } });
      expect(stolen.isError).toBe(true);
      expect(text(stolen)).not.toContain("secret-of-session-a");
      const listed = await b.callTool({ name: "Jobs", arguments: { operation: "list" } });
      expect(text(listed)).not.toContain("job-1");
    });

    it("gives each its own temp dir, removed when the session ends", async () => {
      const serving = await serve();
      const a = await connect(serving.url);
      const b = await connect(serving.url);
      const dirA = text(await a.callTool({ name: "scratch", arguments: {} }));
      const dirB = text(await b.callTool({ name: "scratch", arguments: {} }));
      const [pathA, pathB] = [dirA, dirB].map((t) => JSON.parse(t)[0].text as string);
      expect(pathA).not.toBe(pathB);
      expect(existsSync(join(pathA ?? "", "note.txt"))).toBe(true);
      const transport = a.transport as StreamableHTTPClientTransport;
      await transport.terminateSession();
      await vi.waitFor(() => expect(existsSync(pathA ?? "")).toBe(false), PATIENCE);
      expect(existsSync(join(pathB ?? "", "note.txt"))).toBe(true);
      await serving.close();
      expect(existsSync(pathB ?? "")).toBe(false);
    });
  });

  describe("when sessions are abandoned", () => {
    it("closes a session idle past sessionIdleTimeoutMs and disposes its context", async () => {
      const disposed: string[] = [];
      const serving = await serve(
        { token: TEST_TOKEN, sessionIdleTimeoutMs: 100 },
        {
          sessionContext: ({ sessionId }) => {
            const ctx = createToolContext({ sessionId });
            ctx.onDispose(() => void disposed.push(sessionId));
            return ctx;
          },
        },
      );
      const id = await initialize(serving.url);
      await vi.waitFor(() => expect(disposed).toEqual([id]), PATIENCE);
      expect((await listTools(serving.url, id)).status).toBe(404);
    });

    it("holds maxSessions, closing the one idle longest first", async () => {
      const contexts = countContexts();
      const serving = await serve({ token: TEST_TOKEN, maxSessions: 3 }, { sessionContext: contexts.make });
      const ids: string[] = [];
      for (let i = 0; i < 40; i++) ids.push(await initialize(serving.url));
      // The first session was used last: it is no longer the one idle longest.
      const kept = ids.slice(-3);
      await vi.waitFor(() => expect(contexts.live).toBe(3), PATIENCE);
      expect(contexts.most).toBe(3);
      const statuses = await Promise.all(ids.map(async (id) => (await listTools(serving.url, id)).status));
      expect(statuses.filter((s) => s === 200)).toHaveLength(3);
      for (const id of kept) expect((await listTools(serving.url, id)).status).toBe(200);
      await listTools(serving.url, kept[0] ?? "");
      const next = await initialize(serving.url);
      expect((await listTools(serving.url, kept[1] ?? "")).status).toBe(404);
      expect((await listTools(serving.url, kept[0] ?? "")).status).toBe(200);
      expect((await listTools(serving.url, next)).status).toBe(200);
    });

    it.each([
      ["a tools/list", TOOLS_LIST, {}],
      ["a notification", JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }), {}],
      ["a body that is not JSON", "{", {}],
      ["a batch of two initializes", `[${INITIALIZE},${INITIALIZE}]`, {}],
      ["an initialize that accepts no event stream", INITIALIZE, { accept: "application/json" }],
      ["an initialize sent as text/plain", INITIALIZE, { "content-type": "text/plain" }],
    ])(
      "at the cap, answers %s without a session 503 with Retry-After and evicts nobody",
      async (_, body, headers) => {
        const serving = await serve({ token: TEST_TOKEN, maxSessions: 2, sessionIdleTimeoutMs: 30_000 });
        const ids = [await initialize(serving.url), await initialize(serving.url)];
        const reply = await send(serving.url, {
          headers: { authorization: `Bearer ${TEST_TOKEN}`, ...headers },
          body,
        });
        expect(reply.status).toBe(503);
        expect(Number(reply.headers["retry-after"])).toBeGreaterThanOrEqual(1);
        expect(JSON.parse(reply.body).error.message).toBe(
          "Too many sessions: all 2 are in use and only a valid `initialize` may replace an idle one; try again later",
        );
        for (const id of ids) expect((await listTools(serving.url, id)).status).toBe(200);
      },
    );

    it("at the cap, answers an initialize 503 with Retry-After while every session has a request open", async () => {
      const serving = await serve({ token: TEST_TOKEN, maxSessions: 1 });
      const client = await connect(serving.url);
      // The client's notification stream (GET) keeps its session busy.
      const transport = client.transport as StreamableHTTPClientTransport;
      await vi.waitFor(async () => {
        const reply = await send(serving.url, {
          headers: { authorization: `Bearer ${TEST_TOKEN}` },
          body: INITIALIZE,
        });
        expect(reply.status).toBe(503);
        expect(Number(reply.headers["retry-after"])).toBeGreaterThanOrEqual(1);
        expect(JSON.parse(reply.body).error.message).toBe(
          "Too many sessions: all 1 are busy; try again later",
        );
      }, PATIENCE);
      expect(transport.sessionId).toBeDefined();
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["scratch"]);
    });

    it("never passes the cap when many initializes arrive at once", async () => {
      const contexts = countContexts();
      const serving = await serve({ token: TEST_TOKEN, maxSessions: 3 }, { sessionContext: contexts.make });
      const init = () =>
        send(serving.url, { headers: { authorization: `Bearer ${TEST_TOKEN}` }, body: INITIALIZE });
      const replies = await Promise.all(Array.from({ length: 24 }, init));
      for (const reply of replies) expect([200, 503]).toContain(reply.status);
      expect(contexts.most).toBeLessThanOrEqual(3);
      await vi.waitFor(() => expect(contexts.live).toBe(3), PATIENCE);
    });

    it("below the cap, still answers a request without a session as the SDK does", async () => {
      const serving = await serve({ token: TEST_TOKEN, maxSessions: 2 });
      const id = await initialize(serving.url);
      const reply = await send(serving.url, {
        headers: { authorization: `Bearer ${TEST_TOKEN}` },
        body: TOOLS_LIST,
      });
      expect(reply.status).toBe(400);
      expect(JSON.parse(reply.body).error.message).toBe("Bad Request: Server not initialized");
      expect((await listTools(serving.url, id)).status).toBe(200);
      // The refused request left no session behind: two more fit.
      const more = [await initialize(serving.url), await initialize(serving.url)];
      expect((await listTools(serving.url, id)).status).toBe(404);
      for (const m of more) expect((await listTools(serving.url, m)).status).toBe(200);
    });
  });
});
