import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { manualClock } from "../runtime/clock.js";
import { ModelHttpError } from "./model-http-error.js";
import { postJson } from "./post-json.js";
import { DEFAULT_MODEL_RETRY, resolveRetry } from "./retry-policy.js";

type Answer = { status: number; body: string; headers?: Record<string, string>; hangMs?: number };
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((r) => {
          s.closeAllConnections();
          s.close(() => r());
        }),
    ),
  );
});

async function serve(answers: Answer[]): Promise<{ url: string; hits: () => number }> {
  let hits = 0;
  const server = createServer((req, res) => {
    // Counted on arrival: a client that times out may abort before the body ends.
    const answer = answers[Math.min(hits, answers.length - 1)] as Answer;
    hits++;
    req.resume();
    req.on("end", () => {
      const reply = () => {
        res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
        res.end(answer.body);
      };
      if (answer.hangMs) setTimeout(reply, answer.hangMs);
      else reply();
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`, hits: () => hits };
}

function post(url: string, extra: Partial<Parameters<typeof postJson>[0]> = {}) {
  return postJson({
    fetch,
    url,
    headers: {},
    body: "{}",
    signal: undefined,
    timeoutMs: 2_000,
    retry: DEFAULT_MODEL_RETRY,
    clock: manualClock(),
    secrets: [],
    ...extra,
  });
}

describe("postJson", () => {
  describe("when the server answers 429 with Retry-After, then 200", () => {
    it("waits what the server asked and returns the body", async () => {
      const { url, hits } = await serve([
        { status: 429, body: '{"error":{"message":"slow down"}}', headers: { "retry-after": "2" } },
        { status: 200, body: '{"ok":true}' },
      ]);
      const clock = manualClock();
      expect(await post(url, { clock })).toEqual({ ok: true });
      expect(hits()).toBe(2);
      expect(clock.sleeps).toEqual([2_000]);
    });
  });

  // How Retry-After reads lives in @toolkit/internal with its tests; these check that postJson asks it.
  describe.each([
    ["1.5", 1_500],
    ["Thu, 01 Jan 1970 00:00:07 GMT", 7_000],
  ])("when the server answers 429 with Retry-After %j", (header, ms) => {
    it(`waits ${ms} ms, read against the clock`, async () => {
      const { url } = await serve([
        { status: 429, body: "{}", headers: { "retry-after": header } },
        { status: 200, body: '{"ok":true}' },
      ]);
      const clock = manualClock();
      expect(await post(url, { clock })).toEqual({ ok: true });
      expect(clock.sleeps).toEqual([ms]);
    });
  });

  describe("when the server asks, in Retry-After, for longer than maxRetryAfterMs", () => {
    it("fails at once", async () => {
      const { url, hits } = await serve([{ status: 429, body: "{}", headers: { "retry-after": "61" } }]);
      const clock = manualClock();
      await expect(post(url, { clock })).rejects.toThrow("HTTP 429");
      expect(hits()).toBe(1);
      expect(clock.sleeps).toEqual([]);
    });
  });

  describe("when every attempt fails with 503", () => {
    it("backs off exponentially and throws with the status and the provider's message", async () => {
      const { url, hits } = await serve([{ status: 503, body: '{"error":{"message":"overloaded"}}' }]);
      const clock = manualClock();
      const error = await post(url, { clock }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ModelHttpError);
      expect((error as ModelHttpError).status).toBe(503);
      expect((error as ModelHttpError).message).toBe(`${url}: HTTP 503: overloaded (after 3 attempts)`);
      expect(hits()).toBe(3);
      expect(clock.sleeps).toEqual([500, 1_000]);
    });
  });

  describe("when the server answers 400", () => {
    it("fails at once without retrying", async () => {
      const { url, hits } = await serve([{ status: 400, body: '{"error":{"message":"bad tool schema"}}' }]);
      await expect(post(url)).rejects.toThrow("HTTP 400: bad tool schema (after 1 attempt)");
      expect(hits()).toBe(1);
    });
  });

  describe("when an error message echoes the key", () => {
    it("redacts it", async () => {
      const { url } = await serve([
        { status: 401, body: '{"error":{"message":"key sk-secret-1 is invalid"}}' },
      ]);
      const error = await post(url, { secrets: ["sk-secret-1"] }).catch((e: Error) => e);
      expect(String(error)).not.toContain("sk-secret-1");
      expect(String(error)).toContain("key [redacted] is invalid");
    });
  });

  describe("when an error message echoes the key URL-encoded or glued to other characters", () => {
    it("redacts every form of it", async () => {
      const key = "sk-proj/abc+def=0123456789";
      const message = `url ?key=${encodeURIComponent(key)} form ${new URLSearchParams({ k: key }).toString().slice(2)} glued Bearer${key}x`;
      const { url } = await serve([{ status: 401, body: JSON.stringify({ error: { message } }) }]);
      const error = String(await post(url, { secrets: [key] }).catch((e: Error) => e));
      expect(error).not.toContain("abc");
      expect(error).toContain("url ?key=[redacted] form [redacted] glued Bearer[redacted]x");
    });
  });

  describe("when a short key looks like part of a word in the message", () => {
    it("redacts the key only where it stands alone", async () => {
      const { url } = await serve([
        { status: 400, body: '{"error":{"message":"bad chat.completion.chunk; key k rejected"}}' },
      ]);
      const error = await post(url, { secrets: ["k"] }).catch((e: Error) => e);
      expect(String(error)).toContain("bad chat.completion.chunk; key [redacted] rejected");
    });
  });

  describe("when the server does not answer in time", () => {
    it("times out each attempt and reports it", async () => {
      const { url, hits } = await serve([{ status: 200, body: "{}", hangMs: 5_000 }]);
      await expect(post(url, { timeoutMs: 250, retry: resolveRetry("t", { attempts: 2 }) })).rejects.toThrow(
        "no reply within 250ms (after 2 attempts)",
      );
      expect(hits()).toBe(2);
    });
  });

  describe("when the caller aborts", () => {
    it("rejects with an AbortError", async () => {
      const { url } = await serve([{ status: 200, body: "{}", hangMs: 1_000 }]);
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 20);
      await expect(post(url, { signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
    });
  });

  describe("when the reply is not JSON", () => {
    it("fails naming it", async () => {
      const { url } = await serve([{ status: 200, body: "<html>" }]);
      await expect(post(url)).rejects.toThrow("the reply is not JSON: <html>");
    });
  });
});

describe("resolveRetry", () => {
  describe("when a field is wrong", () => {
    it("throws a TypeError naming it", () => {
      expect(() => resolveRetry("openaiChat", { attempts: 0 })).toThrow(
        "openaiChat: `retry.attempts` must be a number >= 1, got 0",
      );
    });
  });
});
