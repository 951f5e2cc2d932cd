import { type IncomingHttpHeaders, type IncomingMessage, request } from "node:http";
import type { Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import type { CheckedTarget } from "../guard/ssrf-guard.js";
import type { Connector } from "./connect.js";
import { FetchError } from "./fetch-error.js";
import { type CappedBody, readCapped } from "./read-capped.js";

/** The answer to one request, before redirects are judged. */
export interface HopResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: IncomingHttpHeaders;
  /** Reads the (decoded) body up to the cap; call at most once, or `discard()`. */
  readBody(maxBytes: number): Promise<CappedBody>;
  /** Drops the body and the connection. */
  discard(): void;
}

/** One GET over a connection to the checked address; the body is read later by the caller. */
export function requestOnce({
  url,
  target,
  headers,
  connect,
  signal,
}: {
  url: URL;
  target: CheckedTarget;
  headers: Readonly<Record<string, string>>;
  connect: Connector;
  signal: AbortSignal;
}): Promise<HopResponse> {
  const protocol = url.protocol === "https:" ? "https:" : "http:";
  const port = url.port === "" ? (protocol === "https:" ? 443 : 80) : Number(url.port);
  return new Promise((resolve, reject) => {
    const req = request({
      method: "GET",
      host: target.hostname,
      port,
      path: `${url.pathname}${url.search}`,
      headers: { ...headers, host: url.host },
      signal,
      createConnection: () =>
        connect({
          protocol,
          hostname: target.hostname,
          address: target.address,
          family: target.family,
          port,
        }),
    });
    req.once("error", (error) => reject(classifyNetworkError(error, url, target)));
    req.once("response", (res) => {
      res.once("error", () => {});
      resolve({
        status: res.statusCode ?? 0,
        statusText: res.statusMessage ?? "",
        headers: res.headers,
        readBody: (maxBytes) => readCapped(decoded(res), maxBytes).finally(() => res.destroy()),
        discard: () => res.destroy(),
      });
    });
    req.end();
  });
}

/** The body stream with its Content-Encoding undone (gzip, deflate, br); the cap applies to decoded bytes. */
function decoded(res: IncomingMessage): Readable {
  const encoding = String(res.headers["content-encoding"] ?? "")
    .trim()
    .toLowerCase();
  const decoder =
    encoding === "gzip" || encoding === "x-gzip"
      ? createGunzip()
      : encoding === "deflate"
        ? createInflate()
        : encoding === "br"
          ? createBrotliDecompress()
          : undefined;
  if (decoder === undefined) return res;
  res.on("error", (error) => decoder.destroy(error));
  decoder.on("close", () => res.destroy());
  return res.pipe(decoder);
}

const TLS_CODE = /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH|EPROTO)/;

/** A socket-level failure as a FetchError naming what happened. */
export function classifyNetworkError(error: unknown, url: URL, target: CheckedTarget): unknown {
  if (FetchError.is(error)) return error;
  if (error instanceof Error && error.name === "AbortError") return error;
  const code = (error as { code?: unknown }).code;
  const text = error instanceof Error ? error.message : String(error);
  const where = `${url.host} (${target.address})`;
  if (typeof code === "string" && TLS_CODE.test(code)) {
    return new FetchError("tls", `TLS failure talking to ${where}: ${text}`, { cause: error });
  }
  return new FetchError("connect", `could not connect to ${where}: ${text}`, { cause: error });
}
