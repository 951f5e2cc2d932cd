import { ToolBase, ToolError, type ToolContext, type ToolOutput } from "@toolkit/core";
import { PageCache } from "../cache/page-cache.js";
import { FetchError } from "../http/fetch-error.js";
import { type FetchPolicy, upgradeUrl } from "../http/fetch-page.js";
import { fetchFailure } from "./fetch-failure.js";
import { formatReply } from "./format-reply.js";
import { type ConversionPolicy, type LoadedPage, loadPage } from "./load-page.js";
import {
  type RawWebFetchInput,
  WEB_FETCH_SCHEMA,
  type WebFetchInput,
  readWebFetchInput,
} from "./web-fetch-input.js";
import {
  type ResolvedWebFetchOptions,
  type WebFetchOptions,
  resolveWebFetchOptions,
} from "./web-fetch-options.js";

const DESCRIPTION = [
  "Reads a web page and returns its main content as Markdown (title and URL on top; navigation, ads and banners removed).",
  "Also reads plain text, Markdown, JSON, XML/RSS and PDF files as text, and PNG/JPEG/GIF/WebP images as images.",
  "Long pages come in pages of `max_chars` characters (default 20000): the reply ends with the `offset` to pass for the next page.",
  "http URLs are upgraded to https. A redirect to another host is not followed: the reply names the new URL, fetch it with a second call if you want it.",
  "Internal and private network addresses are refused. Pages are cached for 15 minutes, so paging through one costs no second download.",
].join(" ");

/**
 * Wire name `WebFetch`: reads one URL as Markdown or text, paged. Read-only,
 * concurrency-safe and idempotent. Bad input and a failed fetch are soft failures.
 */
export class WebFetch extends ToolBase<WebFetchInput> {
  readonly name = "WebFetch";
  readonly description = DESCRIPTION;
  protected readonly inputSchema = WEB_FETCH_SCHEMA;
  readonly #options: ResolvedWebFetchOptions;
  readonly #policy: FetchPolicy & { readonly maxImageBytes: number; readonly conversion: ConversionPolicy };
  readonly #cache: PageCache<LoadedPage> | undefined;

  constructor(options: WebFetchOptions = {}) {
    super();
    const resolved = resolveWebFetchOptions(options);
    this.#options = resolved;
    this.#policy = {
      guard: {
        allowPrivateNetwork: resolved.allowPrivateNetwork,
        allowHosts: resolved.allowHosts,
        lookup: resolved.lookup,
      },
      connect: resolved.connect,
      headers: resolved.headers,
      allowHttp: resolved.allowHttp,
      maxBytes: resolved.maxBytes,
      maxRedirects: resolved.maxRedirects,
      maxImageBytes: resolved.maxImageBytes,
      conversion: {
        timeoutMs: resolved.conversionTimeoutMs,
        maxMemoryMb: resolved.conversionMemoryMb,
        maxPages: resolved.maxPages,
      },
    };
    this.#cache = resolved.cache === false ? undefined : new PageCache<LoadedPage>(resolved.cache);
  }

  /** The URL checks the schema cannot say, and the defaults. */
  protected override prepareInput(valid: unknown): WebFetchInput {
    return readWebFetchInput(valid as RawWebFetchInput, this.#options.defaultMaxChars);
  }

  protected async run(call: WebFetchInput, ctx: ToolContext): Promise<ToolOutput> {
    const url = upgradeUrl(call.url, this.#options.allowHttp);
    let page = this.#cache?.get(url.href);
    if (page === undefined) {
      page = await this.#load(url, ctx.signal, url.href === call.url.href ? undefined : call.url);
      this.#cache?.set(url.href, page, sizeOf(page));
    }
    return formatReply(page, call, this.#policy.conversion);
  }

  async #load(url: URL, signal: AbortSignal, upgraded: URL | undefined): Promise<LoadedPage> {
    if (signal.aborted) throw ToolError.cancelled();
    const { timeoutMs } = this.#options;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(
        new FetchError("timeout", `${url.host} did not send the whole page within ${timeoutMs} ms`),
      );
    }, timeoutMs);
    const onAbort = (): void => controller.abort(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    try {
      return await loadPage(url, this.#policy, controller.signal, signal);
    } catch (error) {
      if (signal.aborted) throw ToolError.cancelled({ cause: error });
      if (timedOut) {
        const reason = controller.signal.reason as unknown;
        throw fetchFailure(reason, { timeoutMs, upgraded });
      }
      throw fetchFailure(error, { timeoutMs, upgraded });
    } finally {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
    }
  }

  isConcurrencySafe(): boolean {
    return true;
  }
  isReadOnly(): boolean {
    return true;
  }
  isIdempotent(): boolean {
    return true;
  }
}

/** What a cached page weighs: two bytes a character of text, the bytes of an image. */
function sizeOf(page: LoadedPage): number {
  if (page.kind === "image") return page.data.length;
  if (page.kind === "redirect") return 2 * (page.from.length + page.to.length);
  return 2 * page.text.length;
}
