import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as root from "../index.js";
import * as proxy from "./index.js";

describe("@toolkit/web-search/proxy", () => {
  describe("when imported from the subpath", () => {
    it("is the package's ./proxy export", () => {
      const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
      expect(pkg.exports["./proxy"]).toEqual({
        types: "./dist/proxy.d.ts",
        "@toolkit/source": "./src/proxy/index.ts",
        import: "./dist/proxy.js",
      });
      expect(Object.keys(proxy).sort()).toEqual([
        "PROXY_ENV",
        "createSearchProxy",
        "proxyConfigFromEnv",
        "runSearchProxyCli",
        "startSearchProxy",
      ]);
    });
  });

  describe("when imported from the package root", () => {
    it("still works: the root names are deprecated aliases of the same functions", () => {
      expect(root.createSearchProxy).toBe(proxy.createSearchProxy);
      expect(root.startSearchProxy).toBe(proxy.startSearchProxy);
      expect(root.runSearchProxyCli).toBe(proxy.runSearchProxyCli);
      expect(root.proxyConfigFromEnv).toBe(proxy.proxyConfigFromEnv);
      expect(root.PROXY_ENV).toBe(proxy.PROXY_ENV);
    });
  });
});
