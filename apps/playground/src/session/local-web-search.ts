import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createSearchProxy, GoogleCse, proxyProvider, type SearchProvider } from "@toolkit/web-search";
import { cannedResults, type StandInResult, startCseStandIn } from "@toolkit/web-search/test";

/** Web search with no key and no network: the real proxy in front of a local stand-in provider. */
export interface LocalWebSearch {
  /** A `proxyProvider` pointed at the proxy. */
  provider: SearchProvider;
  /** Where the proxy listens. */
  proxyUrl: string;
  /** Where the stand-in provider listens. */
  standInUrl: string;
  close(): Promise<void>;
}

const DISCOUNT_RESULTS: readonly StandInResult[] = [
  {
    title: "Percentage discounts: computing the sale price",
    url: "https://docs.example.com/math/percentage-discount",
    snippet:
      "The sale price is the original price times (1 - discount / 100). 25% off $10.00 is $10.00 x 0.75 = $7.50; the discount amount itself is $2.50.",
  },
  {
    title: "Common bug: returning the discount instead of the discounted price",
    url: "https://blog.example.org/pricing/discount-bugs",
    snippet:
      "price * percent / 100 is how much is taken off, not what the customer pays. Subtract it from the price, or multiply by (100 - percent) / 100.",
  },
];

/**
 * Starts a Google Custom Search stand-in (canned results, from
 * `@toolkit/web-search/test`) and the real `createSearchProxy` in front of
 * it, both on 127.0.0.1, and returns a provider that talks to the proxy.
 */
export async function startLocalWebSearch(): Promise<LocalWebSearch> {
  const standIn = await startCseStandIn({
    results: (query) => (/discount|percent/i.test(query) ? DISCOUNT_RESULTS : cannedResults(query)),
  });
  const token = randomBytes(16).toString("hex");
  const upstream = new GoogleCse({ apiKey: standIn.apiKey, cx: standIn.cx, baseUrl: standIn.baseUrl });
  const server = createServer(
    createSearchProxy({ providers: { cse: upstream }, token, secrets: [standIn.apiKey] }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const proxyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    provider: proxyProvider({ baseUrl: proxyUrl, token, backend: "cse" }),
    proxyUrl,
    standInUrl: standIn.baseUrl,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await standIn.close();
    },
  };
}
