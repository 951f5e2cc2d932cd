import type { Tool } from "@toolkit/core";
import { describe, expectTypeOf, it } from "vitest";
import { createLoomTools } from "./loom/index.js";
import {
  GoogleCse,
  type ProxyBackend,
  type SearchProvider,
  type SearchProxyHandler,
  type SearchResult,
  Serper,
  type WebSearch,
  createSearchProxy,
  createWebSearchTools,
  proxyProvider,
} from "./index.js";
import { type CseStandIn, type RecordedRequest, startCseStandIn } from "./testing/index.js";

describe("@toolkit/web-search types", () => {
  describe("when building providers", () => {
    it("gives every provider the SearchProvider shape", () => {
      expectTypeOf(GoogleCse).instance.toMatchTypeOf<SearchProvider>();
      expectTypeOf(Serper).instance.toMatchTypeOf<SearchProvider>();
      expectTypeOf(proxyProvider).returns.toEqualTypeOf<SearchProvider>();
      expectTypeOf<SearchProvider["search"]>().returns.resolves.toEqualTypeOf<SearchResult[]>();
    });

    it("accepts only the known proxy backends", () => {
      expectTypeOf<ProxyBackend>().toEqualTypeOf<"cse" | "serper">();
      // @ts-expect-error: bing is not a backend
      proxyProvider({ baseUrl: "http://x", token: "t", backend: "bing" });
      // @ts-expect-error: cx is required
      new GoogleCse({ apiKey: "k" });
    });
  });

  describe("when building tools", () => {
    it("returns typed tuples of tools", () => {
      expectTypeOf(createWebSearchTools).returns.toEqualTypeOf<[WebSearch]>();
      expectTypeOf(createWebSearchTools).returns.items.toMatchTypeOf<Tool>();
      expectTypeOf(createLoomTools).returns.items.toMatchTypeOf<Tool>();
    });

    it("makes the proxy a Node request handler", () => {
      expectTypeOf(createSearchProxy).returns.toEqualTypeOf<SearchProxyHandler>();
    });
  });

  describe("when using the stand-ins", () => {
    it("resolves a stand-in with recorded requests", () => {
      expectTypeOf(startCseStandIn).returns.resolves.toEqualTypeOf<CseStandIn>();
      expectTypeOf<CseStandIn["requests"]>().toEqualTypeOf<RecordedRequest[]>();
    });
  });
});
