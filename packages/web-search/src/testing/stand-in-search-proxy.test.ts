import { createToolContext } from "@toolkit/core";
import { afterEach, describe, expect, it } from "vitest";
import { createLoomTools } from "../loom/create-loom-tools.js";
import { createWebSearchTools } from "../tool/create-web-search-tools.js";
import { type StandInSearchProxy, startStandInSearchProxy } from "./stand-in-search-proxy.js";

let running: StandInSearchProxy | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe("startStandInSearchProxy", () => {
  describe("when started with defaults", () => {
    it("serves WebSearch through the real proxy to a CSE stand-in", async () => {
      running = await startStandInSearchProxy({
        results: [{ title: "Turbo", url: "https://turbo.build/repo", snippet: "Monorepos." }],
      });
      const [tool] = createWebSearchTools({ provider: running.provider });
      const out = await tool.call({ query: "turborepo" }, createToolContext());
      expect(out.textContent()).toBe(
        '1 result for "turborepo":\n\n1. Turbo\n   https://turbo.build/repo\n   Monorepos.',
      );
      expect(running.backend).toBe("cse");
      expect(running.standIn.requests).toHaveLength(1);
    });
  });

  describe("when the backend is serper", () => {
    it("serves Loom's web_search and records the Serper request", async () => {
      const logs: string[] = [];
      running = await startStandInSearchProxy({
        backend: "serper",
        token: "t0k",
        proxy: { log: (line) => logs.push(line) },
      });
      const [tool] = createLoomTools({ provider: running.provider });
      const out = await tool.call({ query: "pnpm workspaces", max_results: 2 }, createToolContext());
      expect(out.structuredValue()).toMatchObject({
        query: "pnpm workspaces",
        results: [{ rank: 1 }, { rank: 2 }],
      });
      expect(running.standIn.requests[0]?.json).toEqual({ q: "pnpm workspaces", num: 2 });
      expect(logs).toHaveLength(1);
    });
  });
});
