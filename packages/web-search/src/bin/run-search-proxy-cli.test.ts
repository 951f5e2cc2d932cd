import { afterEach, describe, expect, it } from "vitest";
import { proxyProvider } from "../providers/proxy-provider.js";
import { startCseStandIn, startSerperStandIn } from "../testing/index.js";
import { PROXY_ENV, proxyConfigFromEnv } from "./proxy-config-from-env.js";
import { runSearchProxyCli } from "./run-search-proxy-cli.js";

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

describe("proxyConfigFromEnv", () => {
  describe("when the environment is complete", () => {
    it("applies the defaults", () => {
      expect(proxyConfigFromEnv({ TOOLKIT_SEARCH_PROXY_TOKEN: "t", SERPER_API_KEY: "s" })).toEqual({
        ok: true,
        config: {
          host: "127.0.0.1",
          port: 8787,
          token: "t",
          serper: { apiKey: "s" },
          cacheTtlMs: 86_400_000,
          cacheMaxEntries: 1000,
          rateLimit: { requests: 60, windowMs: 60_000 },
          trustForwardedFor: false,
          sharedCache: false,
          headersTimeoutMs: 10_000,
          requestTimeoutMs: 30_000,
        },
      });
    });

    it("reads every variable", () => {
      const read = proxyConfigFromEnv({
        [PROXY_ENV.token]: "t",
        [PROXY_ENV.host]: "0.0.0.0",
        [PROXY_ENV.port]: "9000",
        [PROXY_ENV.cacheTtlMs]: "0",
        [PROXY_ENV.cacheMaxEntries]: "5",
        [PROXY_ENV.rateRequests]: "0",
        [PROXY_ENV.trustForwardedFor]: "true",
        [PROXY_ENV.sharedCache]: "yes",
        [PROXY_ENV.headersTimeoutMs]: "2000",
        [PROXY_ENV.requestTimeoutMs]: "5000",
        [PROXY_ENV.cseKey]: "k",
        [PROXY_ENV.cseCx]: "cx",
        [PROXY_ENV.cseBaseUrl]: "http://127.0.0.1:1",
      });
      expect(read).toEqual({
        ok: true,
        config: {
          host: "0.0.0.0",
          port: 9000,
          token: "t",
          cse: { apiKey: "k", cx: "cx", baseUrl: "http://127.0.0.1:1" },
          cacheTtlMs: 0,
          cacheMaxEntries: 5,
          rateLimit: false,
          trustForwardedFor: true,
          sharedCache: true,
          headersTimeoutMs: 2000,
          requestTimeoutMs: 5000,
        },
      });
    });
  });

  describe("when the environment is incomplete", () => {
    it("lists every problem without a secret's value", () => {
      const read = proxyConfigFromEnv({
        GOOGLE_CSE_API_KEY: "SECRET-KEY",
        TOOLKIT_SEARCH_PROXY_PORT: "http",
      });
      expect(read).toEqual({
        ok: false,
        problems: [
          "TOOLKIT_SEARCH_PROXY_TOKEN is required: the bearer token clients must send",
          "GOOGLE_CSE_API_KEY and GOOGLE_CSE_CX must be set together",
          "set GOOGLE_CSE_API_KEY and GOOGLE_CSE_CX, or SERPER_API_KEY (or both): no backend is configured",
          'TOOLKIT_SEARCH_PROXY_PORT must be an integer from 0 to 65535, got "http"',
        ],
      });
    });
  });
});

describe("runSearchProxyCli", () => {
  describe("when the environment names both backends", () => {
    it("serves them and logs lines without the keys or the token", async () => {
      const cse = await startCseStandIn({ apiKey: "CSE-SECRET-123" });
      const serper = await startSerperStandIn({ apiKey: "SERPER-SECRET-456" });
      open.push(cse, serper);
      const lines: string[] = [];
      const proxy = await runSearchProxyCli({
        env: {
          TOOLKIT_SEARCH_PROXY_TOKEN: "TOKEN-SECRET-789",
          TOOLKIT_SEARCH_PROXY_PORT: "0",
          GOOGLE_CSE_API_KEY: "CSE-SECRET-123",
          GOOGLE_CSE_CX: cse.cx,
          GOOGLE_CSE_BASE_URL: cse.baseUrl,
          SERPER_API_KEY: "SERPER-SECRET-456",
          SERPER_BASE_URL: serper.baseUrl,
        },
        log: (line) => lines.push(line),
      });
      if (!proxy) throw new Error("the proxy did not start");
      open.push(proxy);
      expect(lines[0]).toBe(
        `toolkit-search-proxy listening on ${proxy.baseUrl} (backends: cse, serper; cache 86400000 ms; rate limit 60 per 60000 ms)`,
      );
      for (const backend of ["cse", "serper"] as const) {
        const provider = proxyProvider({ baseUrl: proxy.baseUrl, token: "TOKEN-SECRET-789", backend });
        expect(await provider.search({ query: "hello", count: 2 })).toHaveLength(2);
      }
      expect(lines).toHaveLength(3);
      expect(lines.join("\n")).not.toMatch(/SECRET/);
    });
  });

  describe("when the environment is incomplete", () => {
    it("prints the problems and starts nothing", async () => {
      const errors: string[] = [];
      expect(await runSearchProxyCli({ env: {}, error: (line) => errors.push(line) })).toBeUndefined();
      expect(errors[0]).toBe(
        "toolkit-search-proxy: TOOLKIT_SEARCH_PROXY_TOKEN is required: the bearer token clients must send",
      );
    });
  });
});
