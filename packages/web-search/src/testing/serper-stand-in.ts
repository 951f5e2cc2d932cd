import type { RecordedRequest, StandInOptions, StandInResult } from "./stand-in-types.js";
import { StandInServer, type StandInWire, type WireRead } from "./stand-in-server.js";

const serperWire: StandInWire = {
  method: "POST",
  path: "/search",
  read(request: RecordedRequest, apiKey: string): WireRead {
    if (request.headers["x-api-key"] !== apiKey) return { status: 403, reason: "Unauthorized." };
    const body = request.json;
    if (typeof body !== "object" || body === null) return { status: 400, reason: "Invalid JSON body." };
    const { q, num } = body as { q?: unknown; num?: unknown };
    if (typeof q !== "string" || q === "") return { status: 400, reason: "Query is required." };
    const count = num === undefined ? 10 : num;
    if (typeof count !== "number" || !Number.isInteger(count) || count < 1 || count > 100) {
      return { status: 400, reason: "Invalid num." };
    }
    return { query: q, count };
  },
  success(query: string, count: number, results: readonly StandInResult[]) {
    return {
      searchParameters: { q: query, type: "search", num: count, engine: "google" },
      organic: results.map((r, i) => ({
        title: r.title,
        link: r.url,
        snippet: r.snippet ?? "",
        position: i + 1,
      })),
      credits: 1,
    };
  },
  error(status: number, reason: string) {
    return { message: reason, statusCode: status };
  },
};

/**
 * A Serper stand-in: `POST /search` with `X-API-KEY` and `{ q, num }` on
 * 127.0.0.1, answering in Serper's format (`organic[]`; errors as
 * `{ message, statusCode }`). A wrong key gets Serper's 403 `Unauthorized.`.
 */
export class SerperStandIn extends StandInServer {
  private constructor(options: StandInOptions) {
    super(serperWire, options);
  }

  /** Starts a stand-in on a free port. */
  static start(options: StandInOptions = {}): Promise<SerperStandIn> {
    return new SerperStandIn(options).listen();
  }
}

/**
 * Starts a Serper stand-in.
 *
 * @example
 * const serper = await startSerperStandIn({ results: [{ title: "Vitest", url: "https://vitest.dev" }] });
 * const provider = new Serper({ apiKey: serper.apiKey, baseUrl: serper.baseUrl });
 */
export function startSerperStandIn(options: StandInOptions = {}): Promise<SerperStandIn> {
  return SerperStandIn.start(options);
}
