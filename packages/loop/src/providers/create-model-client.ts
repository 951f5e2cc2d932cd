import { type Clock, systemClock } from "../runtime/clock.js";
import { ModelHttpError } from "../http/model-http-error.js";
import { postJson } from "../http/post-json.js";
import { type RetryPolicy, resolveRetry } from "../http/retry-policy.js";
import { type IdGen, randomIds } from "../runtime/id-gen.js";
import type { ModelClient, ModelReply, ModelRequest } from "../model/model-client.js";
import { checkModelOptions, mergeExtraBody, type ModelOptions } from "./model-options.js";
import { readStream } from "./read-stream.js";
import type { EncodeSettings, WireCodec } from "./wire-codec.js";

/** Options every client shares. */
export interface CommonClientOptions extends ModelOptions {
  /** The model name sent in each request. */
  model: string;
  /** The API key; sent only in a header, never logged. */
  apiKey?: string | undefined;
  /** Per-attempt timeout (for a stream: the longest silence between chunks). @default 120000 */
  timeoutMs?: number;
  /** Retries for 429, 5xx, timeouts, network errors and streams cut short. @default DEFAULT_MODEL_RETRY */
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
  /** Sent as the provider's max-tokens field when the codec has one (`maxOutputTokens` wins). */
  maxTokens?: number | undefined;
  /** The name used in error messages. @default codec.provider */
  owner?: string;
  /** A prompt-cache key; `true` sends the loop's session id, `false` nothing. @default the session id against api.openai.com, else nothing */
  promptCacheKey?: string | boolean | undefined;
  /** Prompt-cache breakpoints (Anthropic). */
  cache?: "auto" | "off" | undefined;
  /** Ask for encrypted reasoning (OpenAI Responses). */
  includeReasoning?: boolean | undefined;
}

/**
 * Builds a ModelClient from a codec: option checks, headers, retries,
 * timeouts, streaming and decoding are shared; only the wire format differs.
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
    timeoutMs = 120_000,
    headers = {},
    fetch = globalThis.fetch,
    ids = randomIds(),
    clock = systemClock,
    extraBody,
  } = options;
  const promptCacheKey = options.promptCacheKey ?? (isOpenAiApi(baseUrl) ? true : undefined);
  const maxTokens = options.maxOutputTokens ?? options.maxTokens;
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
  checkModelOptions(owner, options);
  if (maxTokens !== undefined && (!Number.isInteger(maxTokens) || maxTokens < 1)) {
    throw new TypeError(`${owner}: \`maxTokens\` must be a positive integer, got ${String(maxTokens)}`);
  }
  if (
    promptCacheKey !== undefined &&
    typeof promptCacheKey !== "boolean" &&
    (typeof promptCacheKey !== "string" || promptCacheKey === "")
  ) {
    throw new TypeError(
      `${owner}: \`promptCacheKey\` must be a non-empty string or a boolean, got ${JSON.stringify(promptCacheKey)}`,
    );
  }
  if (options.cache !== undefined && options.cache !== "auto" && options.cache !== "off") {
    throw new TypeError(`${owner}: \`cache\` must be "auto" or "off", got ${JSON.stringify(options.cache)}`);
  }
  const stream = options.stream === true;
  if (stream && !codec.stream) throw new TypeError(`${owner}: the ${codec.provider} codec cannot stream`);
  const retry = resolveRetry(owner, options.retry);
  const path = codec.pathFor ? codec.pathFor({ model, stream }) : codec.path;
  const url = `${baseUrl.replace(/\/+$/, "")}${path}`;
  const allHeaders = {
    ...codec.headers(apiKey),
    ...(stream ? { accept: "text/event-stream" } : {}),
    ...headers,
  };
  const secrets = apiKey ? [apiKey] : [];
  const settings = (request: ModelRequest): EncodeSettings => {
    const out: EncodeSettings = {};
    for (const key of [
      "temperature",
      "toolChoice",
      "parallelToolCalls",
      "reasoning",
      "thinking",
      "cache",
      "includeReasoning",
    ] as const) {
      if (options[key] !== undefined) Object.assign(out, { [key]: options[key] });
    }
    const cacheKey = promptCacheKey === true ? request.sessionId : promptCacheKey;
    if (typeof cacheKey === "string") out.promptCacheKey = cacheKey;
    if (stream) out.stream = true;
    return out;
  };
  return Object.freeze({
    provider: codec.provider,
    model,
    encode(request) {
      const body = codec.encode(request, { model, maxTokens, settings: settings(request) });
      return JSON.stringify(
        body !== null && typeof body === "object" && !Array.isArray(body)
          ? mergeExtraBody(body, extraBody)
          : body,
      );
    },
    async send(body, { signal, onDelta } = {}): Promise<ModelReply> {
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
        ...(stream && codec.stream ? { read: readStream({ codec, ids, onDelta }) } : {}),
      });
      if (stream) return reply as ModelReply;
      try {
        return codec.decode(reply, ids);
      } catch (cause) {
        const message = cause instanceof Error ? cause.message : String(cause);
        throw new ModelHttpError(`${url}: unexpected reply shape: ${message}`, { attempts: 1, cause });
      }
    },
  } satisfies ModelClient);
}

/** True for OpenAI's own API, whose `prompt_cache_key` the clients send by default. */
function isOpenAiApi(baseUrl: string): boolean {
  try {
    return new URL(baseUrl).hostname.toLowerCase() === "api.openai.com";
  } catch {
    return false;
  }
}
