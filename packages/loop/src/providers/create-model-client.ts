import { type Clock, systemClock } from "../clock.js";
import { ModelHttpError } from "../http/model-http-error.js";
import { postJson } from "../http/post-json.js";
import { type RetryPolicy, resolveRetry } from "../http/retry-policy.js";
import { type IdGen, randomIds } from "../id-gen.js";
import type { ModelClient, ModelReply } from "../model-client.js";
import type { WireCodec } from "./wire-codec.js";

/** Options every client shares. */
export interface CommonClientOptions {
  /** The model name sent in each request. */
  model: string;
  /** The API key; sent only in a header, never logged. */
  apiKey?: string | undefined;
  /** Per-attempt timeout. @default 120000 */
  timeoutMs?: number;
  /** Retries for 429, 5xx, timeouts and network errors. @default DEFAULT_RETRY */
  retry?: Partial<RetryPolicy>;
  /** Extra headers (e.g. an organisation id). */
  headers?: Record<string, string>;
  /** @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
  /** Ids for tool calls a provider left unnamed. @default randomIds() */
  ids?: IdGen;
  /** Time for retry waits and `Retry-After` dates. @default systemClock */
  clock?: Clock;
}

/** Options for `createModelClient`: a codec, where to send, and the common options. */
export interface CreateModelClientOptions extends CommonClientOptions {
  /** The wire format. */
  codec: WireCodec;
  /** The API root the codec's path is appended to. */
  baseUrl: string;
  /** Sent as the provider's max-tokens field when the codec has one. */
  maxTokens?: number | undefined;
  /** The name used in error messages. @default codec.provider */
  owner?: string;
}

/**
 * Builds a ModelClient from a codec: option checks, headers, retries,
 * timeouts and decoding are shared; only the wire format differs.
 *
 * @example
 * const client = createModelClient({ codec: myCodec, baseUrl: "http://127.0.0.1:8080", model: "m" });
 */
export function createModelClient(options: CreateModelClientOptions): ModelClient {
  const {
    codec,
    owner = codec.provider,
    model,
    apiKey,
    baseUrl,
    maxTokens,
    timeoutMs = 120_000,
    headers = {},
    fetch = globalThis.fetch,
    ids = randomIds(),
    clock = systemClock,
  } = options;
  if (typeof model !== "string" || model === "") {
    throw new TypeError(`${owner}: \`model\` must be a non-empty string, got ${JSON.stringify(model)}`);
  }
  if (typeof baseUrl !== "string" || !/^https?:\/\//.test(baseUrl)) {
    throw new TypeError(`${owner}: \`baseUrl\` must be an http(s) URL, got ${JSON.stringify(baseUrl)}`);
  }
  if (apiKey !== undefined && typeof apiKey !== "string") {
    throw new TypeError(`${owner}: \`apiKey\` must be a string`);
  }
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new TypeError(`${owner}: \`timeoutMs\` must be a positive number, got ${String(timeoutMs)}`);
  }
  if (maxTokens !== undefined && (!Number.isInteger(maxTokens) || maxTokens < 1)) {
    throw new TypeError(`${owner}: \`maxTokens\` must be a positive integer, got ${String(maxTokens)}`);
  }
  const retry = resolveRetry(owner, options.retry);
  const url = `${baseUrl.replace(/\/+$/, "")}${codec.path}`;
  const allHeaders = { ...codec.headers(apiKey), ...headers };
  const secrets = apiKey ? [apiKey] : [];
  return Object.freeze({
    provider: codec.provider,
    model,
    encode: (request) => JSON.stringify(codec.encode(request, { model, maxTokens })),
    async send(body, { signal } = {}): Promise<ModelReply> {
      const reply = await postJson({
        fetch,
        url,
        headers: allHeaders,
        body,
        signal,
        timeoutMs,
        retry,
        clock,
        secrets,
      });
      try {
        return codec.decode(reply, ids);
      } catch (cause) {
        const message = cause instanceof Error ? cause.message : String(cause);
        throw new ModelHttpError(`${url}: unexpected reply shape: ${message}`, { attempts: 1, cause });
      }
    },
  } satisfies ModelClient);
}
