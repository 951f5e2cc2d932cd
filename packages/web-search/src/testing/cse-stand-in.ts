import type { RecordedRequest, StandInOptions, StandInResult } from "./stand-in-types.js";
import { StandInServer, type StandInWire, type WireRead } from "./stand-in-server.js";

/** Options of the Google Custom Search stand-in. */
export interface CseStandInOptions extends StandInOptions {
  /** The engine id it accepts. @default "stand-in-cx" */
  cx?: string;
}

const STATUS_NAMES: Record<number, [status: string, reason: string]> = {
  400: ["INVALID_ARGUMENT", "badRequest"],
  403: ["PERMISSION_DENIED", "forbidden"],
  404: ["NOT_FOUND", "notFound"],
  429: ["RESOURCE_EXHAUSTED", "rateLimitExceeded"],
  500: ["INTERNAL", "backendError"],
  503: ["UNAVAILABLE", "backendError"],
};

function cseWire(cx: string): StandInWire {
  return {
    method: "GET",
    path: "/customsearch/v1",
    read(request: RecordedRequest, apiKey: string): WireRead {
      const { key, q, num } = request.params;
      if (key !== apiKey) return { status: 400, reason: "API key not valid. Please pass a valid API key." };
      if (request.params.cx !== cx) return { status: 400, reason: "Request contains an invalid argument." };
      if (q === undefined || q === "") return { status: 400, reason: "Missing required parameter: q" };
      const count = num === undefined ? 10 : Number(num);
      if (!Number.isInteger(count) || count < 1 || count > 10) {
        return { status: 400, reason: "Request contains an invalid argument." };
      }
      return { query: q, count };
    },
    success(query: string, count: number, results: readonly StandInResult[]) {
      const body: Record<string, unknown> = {
        kind: "customsearch#search",
        queries: { request: [{ title: "Stand-in Custom Search", searchTerms: query, count, startIndex: 1 }] },
        searchInformation: { searchTime: 0.01, totalResults: String(results.length) },
      };
      if (results.length > 0) {
        body.items = results.map((r) => ({
          kind: "customsearch#result",
          title: r.title,
          htmlTitle: r.title,
          link: r.url,
          displayLink: r.displayLink ?? new URL(r.url).hostname,
          snippet: r.snippet ?? "",
          htmlSnippet: r.snippet ?? "",
          formattedUrl: r.url,
        }));
      }
      return body;
    },
    error(status: number, reason: string) {
      const [name, short] = STATUS_NAMES[status] ?? ["UNKNOWN", "unknown"];
      return {
        error: {
          code: status,
          message: reason,
          errors: [{ message: reason, domain: "global", reason: short }],
          status: name,
        },
      };
    },
  };
}

/**
 * A Google Custom Search stand-in: `GET /customsearch/v1?key&cx&q&num` on
 * 127.0.0.1, answering in Google's format (`items[]`, omitted when empty;
 * errors as `{ error: { code, message, errors, status } }`). A wrong key or
 * `cx`, a missing `q`, or `num` outside 1-10 get Google's 400.
 */
export class CseStandIn extends StandInServer {
  /** The engine id it accepts. */
  readonly cx: string;

  private constructor(options: CseStandInOptions) {
    const cx = options.cx ?? "stand-in-cx";
    super(cseWire(cx), options);
    this.cx = cx;
  }

  /** Starts a stand-in on a free port. */
  static start(options: CseStandInOptions = {}): Promise<CseStandIn> {
    return new CseStandIn(options).listen();
  }
}

/**
 * Starts a Google Custom Search stand-in.
 *
 * @example
 * const cse = await startCseStandIn({ replies: [{ type: "error", status: 429, retryAfter: 1 }] });
 * const provider = new GoogleCse({ apiKey: cse.apiKey, cx: cse.cx, baseUrl: cse.baseUrl });
 */
export function startCseStandIn(options: CseStandInOptions = {}): Promise<CseStandIn> {
  return CseStandIn.start(options);
}
