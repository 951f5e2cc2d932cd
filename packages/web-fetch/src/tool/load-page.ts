import type { RenderedPage } from "../convert/render-body.js";
import { renderBody } from "../convert/render-body.js";
import { FetchError } from "../http/fetch-error.js";
import { type FetchPolicy, fetchPage } from "../http/fetch-page.js";
import type { ConversionLimits } from "../worker/convert-in-worker.js";

/** The conversion's time budget and memory cap, and the PDF page cap. */
export type ConversionPolicy = ConversionLimits & { readonly maxPages: number };

/** What a URL came to: a rendered page, or a redirect to another host. */
export type LoadedPage =
  | (RenderedPage & {
      /** The URL the body came from, after same-host redirects. */
      readonly url: string;
      /** The download cap in bytes, when the body was cut there. */
      readonly cutAtBytes: number | undefined;
    })
  | {
      readonly kind: "redirect";
      readonly from: string;
      readonly to: string;
      readonly status: number;
      readonly refused: string | undefined;
    };

/** Resolves when `promise` does, or rejects as soon as `signal` aborts (a lookup cannot be cancelled, only left). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * Fetches and renders one URL under the policy; `signal` covers the whole
 * download, `cancel` the conversion (which has its own time budget).
 */
export async function loadPage(
  url: URL,
  policy: FetchPolicy & { readonly maxImageBytes: number; readonly conversion: ConversionPolicy },
  signal: AbortSignal,
  cancel: AbortSignal = signal,
): Promise<LoadedPage> {
  const fetched = await untilAborted(fetchPage(url, policy, signal), signal);
  if (fetched.type === "redirect") {
    return {
      kind: "redirect",
      from: fetched.from.href,
      to: fetched.to.href,
      status: fetched.status,
      refused: fetched.refused,
    };
  }
  const contentType = String(fetched.headers["content-type"] ?? "");
  const rendered = await renderBody({
    bytes: fetched.bytes,
    contentType,
    url: fetched.url.href,
    limits: policy.conversion,
    signal: cancel,
  }).catch((error: unknown) => {
    if (fetched.truncated && FetchError.is(error) && error.kind === "content")
      throw tooLarge(fetched.url, policy.maxBytes);
    throw error;
  });
  if (rendered.kind === "image") {
    if (fetched.truncated) throw tooLarge(fetched.url, policy.maxBytes);
    if (rendered.data.length > policy.maxImageBytes) {
      throw new FetchError(
        "too-large",
        `the image at ${fetched.url.href} is ${rendered.data.length} bytes, over the ${policy.maxImageBytes}-byte image limit (maxImageBytes)`,
      );
    }
  }
  return { ...rendered, url: fetched.url.href, cutAtBytes: fetched.truncated ? policy.maxBytes : undefined };
}

function tooLarge(url: URL, maxBytes: number): FetchError {
  return new FetchError(
    "too-large",
    `${url.href} is larger than the ${maxBytes}-byte download cap (maxBytes), and a partial file of its type cannot be read`,
  );
}
