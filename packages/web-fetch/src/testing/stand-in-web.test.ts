import { createToolContext } from "@toolkit/core";
import { afterEach, describe, expect, it } from "vitest";
import { createWebFetchTools } from "../tool/create-web-fetch-tools.js";
import { softError } from "../tool/test-network.js";
import { type StandInWeb, startStandInWeb } from "./stand-in-web.js";

const ctx = createToolContext();
let web: StandInWeb | undefined;
afterEach(async () => {
  await web?.close();
});

describe("startStandInWeb", () => {
  describe("when WebFetch is given its lookup and connect", () => {
    it("reads the stand-in pages by URL, https included, with the guard on", async () => {
      web = await startStandInWeb({
        pages: {
          "https://docs.example.com/math/percentage-discount":
            "<html><head><title>Discounts</title></head><body><p>price * (100 - percent) / 100</p></body></html>",
          "https://api.example.org/v1/rate": { contentType: "application/json", body: '{"rate":0.2}' },
        },
      });
      const [webFetch] = createWebFetchTools({ lookup: web.lookup, connect: web.connect });
      const page = await webFetch.call({ url: "https://docs.example.com/math/percentage-discount" }, ctx);
      expect(page.textContent()).toBe(
        "Title: Discounts\nURL: https://docs.example.com/math/percentage-discount\n\nprice \\* (100 - percent) / 100",
      );
      const json = await webFetch.call({ url: "http://api.example.org/v1/rate" }, ctx);
      expect(json.textContent()).toBe(
        'URL: https://api.example.org/v1/rate\nType: application/json\n\n{\n  "rate": 0.2\n}',
      );
      expect(await softError(webFetch.call({ url: "https://docs.example.com/missing" }, ctx))).toContain(
        "HTTP 404 Not Found",
      );
      expect(await softError(webFetch.call({ url: "https://unknown.example/" }, ctx))).toContain("ENOTFOUND");
      expect(web.requests).toEqual([
        "docs.example.com/math/percentage-discount",
        "api.example.org/v1/rate",
        "docs.example.com/missing",
      ]);
    });
  });
});
