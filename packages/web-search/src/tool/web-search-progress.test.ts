import { createToolContext, type ToolProgress } from "@toolkit/core";
import { afterEach, describe, expect, it } from "vitest";
import { Serper } from "../providers/serper.js";
import { type SerperStandIn, startSerperStandIn } from "../testing/index.js";
import { retryLine } from "./retry-line.js";
import { WebSearch } from "./web-search.js";

let standIn: SerperStandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

describe("WebSearch progress", () => {
  describe("when the provider answers 429 and 503 before the results", () => {
    it("reports each retry wait as a progress line, then answers", async () => {
      standIn = await startSerperStandIn({
        replies: [
          { type: "error", status: 429, retryAfter: 0 },
          { type: "error", status: 503 },
        ],
      });
      const tool = new WebSearch({
        provider: new Serper({
          apiKey: standIn.apiKey,
          baseUrl: standIn.baseUrl,
          retry: { attempts: 3, baseMs: 40, factor: 2, capMs: 200 },
        }),
      });
      const updates: ToolProgress[] = [];
      const out = await tool.call(
        { query: "vitest" },
        createToolContext({ onProgress: (u) => updates.push(u) }),
      );
      expect(out.isError).toBe(false);
      expect(updates.map((u) => u.message?.replace(/[\d.]+ s/, "N s"))).toEqual([
        "retrying in N s after 429",
        "retrying in N s after 503",
      ]);
      expect(updates[0]?.message).toBe("retrying in 0 s after 429");
    });
  });
});

describe("retryLine", () => {
  it.each([
    [{ provider: "p", attempt: 1, delayMs: 2000, reason: "busy", status: 429 }, "retrying in 2 s after 429"],
    [{ provider: "p", attempt: 2, delayMs: 450, reason: "busy", status: 503 }, "retrying in 0.5 s after 503"],
    [
      { provider: "p", attempt: 1, delayMs: 1234, reason: "timed out after 30 s" },
      "retrying in 1.2 s after timed out after 30 s",
    ],
  ])("says when and why (%j)", (event, line) => {
    expect(retryLine(event)).toBe(line);
  });
});
