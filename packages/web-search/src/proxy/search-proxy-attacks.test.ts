import { connect } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { CSE_KEY, json, SERPER_KEY, setUp, TOKEN } from "./fixtures/proxy-fixture.js";

/** The key as a hostile upstream might write it back, in forms plain redaction does not catch. */
const ENCODINGS: Array<[string, (key: string) => string]> = [
  ["percent-encoded", (k) => [...Buffer.from(k)].map((b) => `%${b.toString(16).toUpperCase()}`).join("")],
  ["lower-case percent", (k) => [...Buffer.from(k)].map((b) => `%${b.toString(16)}`).join("")],
  ["upper case", (k) => k.toUpperCase()],
  ["lower case", (k) => k.toLowerCase()],
  ["base64", (k) => Buffer.from(k).toString("base64")],
  ["base64url", (k) => Buffer.from(k).toString("base64url")],
  ["decimal HTML entities", (k) => [...k].map((c) => `&#${c.charCodeAt(0)};`).join("")],
  ["hex HTML entities", (k) => [...k].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join("")],
  ["zero-width spaces", (k) => [...k].join("\u200b")],
  ["zero-width joiners", (k) => [...k].join("\u200d")],
  ["plain", (k) => k],
];

/** How long the slow stand-in provider takes to answer. */
const UPSTREAM_MS = 300;

interface Raw {
  /** Everything the server sent. */
  text: string;
  /** How many body bytes the client had written when the server closed. */
  sentBytes: number;
}

/**
 * Sends `head` on a raw socket, then `body` (if any) and keeps the socket
 * open until the server closes it; resolves with what the server sent.
 */
function rawExchange(baseUrl: string, head: string, body = ""): Promise<Raw> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = "";
    socket.on("data", (chunk: Buffer) => {
      text += chunk.toString("latin1");
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNRESET" || error.code === "EPIPE") return;
      reject(error);
    });
    socket.on("close", () => resolve({ text, sentBytes: Buffer.byteLength(body) }));
    socket.write(head);
    if (body) socket.write(body);
  });
}

describe("createSearchProxy under attack", () => {
  describe("when the upstream error body holds the key in an encoded form", () => {
    it.each(ENCODINGS)("shows no %s key in the response or the log", async (_, encode) => {
      const { cse, serper, call, logs } = await setUp({}, { attempts: 1 });
      cse.enqueue({ type: "error", status: 400, reason: `bad key ${encode(CSE_KEY)}` });
      serper.enqueue({ type: "error", status: 403, reason: `Unauthorized: ${encode(SERPER_KEY)}` });
      cse.enqueue({ type: "error", status: 500, reason: `crash near ${encode(CSE_KEY)}` });
      const replies = [
        await call("/proxy/cse", { body: { query: "a" } }),
        await call("/proxy/serper", { body: { query: "b" } }),
        await call("/proxy/cse", { body: { query: "c" } }),
      ];
      expect(replies.map((r) => [r.status, json(r)])).toEqual([
        [502, { error: "upstream google-cse answered HTTP 400", retryable: false }],
        [502, { error: "upstream serper answered HTTP 403", retryable: false }],
        [502, { error: "upstream google-cse answered HTTP 500", retryable: false }],
      ]);
      expect(logs[0]).toMatch(
        /^POST \/proxy\/cse 502 \d+ms client=127\.0\.0\.1 error="upstream google-cse answered HTTP 400"$/,
      );
      const everything = [...logs, ...replies.map((r) => `${JSON.stringify(r.headers)} ${r.text}`)].join(
        "\n",
      );
      for (const key of [CSE_KEY, SERPER_KEY]) {
        expect(everything).not.toContain(encode(key));
        expect(everything).not.toContain(JSON.stringify(encode(key)).slice(1, -1));
      }
    });
  });

  describe("when a client declares a huge body", () => {
    it("answers 413 from Content-Length at once, without reading the body", async () => {
      const { cse, proxy, logs } = await setUp();
      const declared = 100 * 1024 * 1024;
      const head = [
        "POST /proxy/cse HTTP/1.1",
        "Host: 127.0.0.1",
        `Authorization: Bearer ${TOKEN}`,
        "Content-Type: application/json",
        `Content-Length: ${declared}`,
        "",
        "",
      ].join("\r\n");
      // Only a few bytes of the 100 MiB ever leave the client: a proxy that reads first never answers.
      const reply = await rawExchange(proxy.baseUrl, head, '{"query":"');
      expect(reply.text).toMatch(/^HTTP\/1\.1 413 /);
      expect(reply.text.toLowerCase()).toContain("connection: close");
      expect(reply.text).toContain('{"error":"the body has 104857600 bytes; the limit is 16384"}');
      expect(reply.sentBytes).toBeLessThan(100);
      expect(cse.requests).toHaveLength(0);
      expect(logs[0]).toMatch(/^POST \/proxy\/cse 413 /);
    });

    it("stops reading a chunked body at the limit", async () => {
      const { cse, proxy } = await setUp({ maxBodyBytes: 64 });
      const head = [
        "POST /proxy/cse HTTP/1.1",
        "Host: 127.0.0.1",
        `Authorization: Bearer ${TOKEN}`,
        "Transfer-Encoding: chunked",
        "",
        "",
      ].join("\r\n");
      // 100 bytes in one chunk, and the chunked body never ends: only a reader that stops at the limit answers.
      const reply = await rawExchange(proxy.baseUrl, head, `64\r\n${"x".repeat(100)}\r\n`);
      expect(reply.text).toMatch(/^HTTP\/1\.1 413 /);
      expect(reply.text).toContain('{"error":"the body passed the limit of 64 bytes"}');
      expect(cse.requests).toHaveLength(0);
    });
  });

  describe("when a client sends slowly", () => {
    it("closes a request whose body stops half way within requestTimeoutMs", async () => {
      const { proxy } = await setUp({ headersTimeoutMs: 200, requestTimeoutMs: 300 });
      const head = [
        "POST /proxy/cse HTTP/1.1",
        "Host: 127.0.0.1",
        `Authorization: Bearer ${TOKEN}`,
        "Content-Length: 40",
        "",
        "",
      ].join("\r\n");
      // The socket stays open on our side; only the server's timeout ends this exchange.
      const reply = await rawExchange(proxy.baseUrl, head, '{"query":');
      expect(reply.text).toMatch(/^(HTTP\/1\.1 408 |$)/);
    });

    it("closes a connection whose headers stop half way within headersTimeoutMs", async () => {
      const { proxy } = await setUp({ headersTimeoutMs: 200, requestTimeoutMs: 300 });
      const reply = await rawExchange(proxy.baseUrl, "POST /proxy/cse HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      expect(reply.text).toMatch(/^(HTTP\/1\.1 408 |$)/);
    });
  });

  describe("when two clients search the same thing", () => {
    const byHeader = {
      clientId: (req: { headers: Record<string, unknown> }) => String(req.headers["x-client"]),
    };

    it("never tells client B that client A searched it", async () => {
      const { cse, call } = await setUp(byHeader);
      const as = (client: string) =>
        call("/proxy/cse", { body: { query: "acquisition target" }, headers: { "x-client": client } });
      expect((await as("a")).headers["x-cache"]).toBe("miss");
      expect((await as("b")).headers["x-cache"]).toBe("miss");
      expect((await as("a")).headers["x-cache"]).toBe("hit");
      expect(cse.requests).toHaveLength(2);
    });

    it("keeps clients that share an address apart by their tokens", async () => {
      const { cse, call } = await setUp({ token: [TOKEN, "second-client-token"] });
      const first = await call("/proxy/cse", { body: { query: "q" } });
      const second = await call("/proxy/cse", { body: { query: "q" }, auth: "Bearer second-client-token" });
      expect([first.status, second.status]).toEqual([200, 200]);
      expect([first.headers["x-cache"], second.headers["x-cache"]]).toEqual(["miss", "miss"]);
      expect(cse.requests).toHaveLength(2);
    });

    it("with sharedCache: true, shares results but shows no X-Cache and answers a hit no sooner than its miss", async () => {
      let searches = 0;
      const slow = {
        name: "slow",
        async search() {
          searches++;
          await delay(UPSTREAM_MS);
          return [{ title: "Docs", url: "https://docs.example.com/", snippet: "public docs" }];
        },
      };
      const { call, logs } = await setUp({ ...byHeader, sharedCache: true, providers: { cse: slow } });
      const as = async (client: string) => {
        const started = performance.now();
        const reply = await call("/proxy/cse", {
          body: { query: "public docs" },
          headers: { "x-client": client },
        });
        return { reply, ms: performance.now() - started };
      };
      const a = await as("a");
      const b = await as("b");
      expect(searches).toBe(1);
      expect([a.reply.status, b.reply.status]).toEqual([200, 200]);
      expect([a.reply.headers["x-cache"], b.reply.headers["x-cache"]]).toEqual([undefined, undefined]);
      expect(b.reply.text).toBe(a.reply.text);
      expect(Object.keys(b.reply.headers).sort()).toEqual(Object.keys(a.reply.headers).sort());
      // A lower bound only: the hit waits as long as the upstream took for the miss.
      expect(b.ms).toBeGreaterThanOrEqual(UPSTREAM_MS - 20);
      // The operator's log still tells hits from misses.
      expect(logs.map((l) => / cache=(hit|miss)/.exec(l)?.[1])).toEqual(["miss", "hit"]);
    });
  });
});
