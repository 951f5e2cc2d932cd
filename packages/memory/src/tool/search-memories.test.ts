import { createToolContext, toolTraits } from "@toolkit/core";
import { dispatch, ToolRegistry } from "@toolkit/registry";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { MemoryStore } from "../store/memory-store.js";
import { SearchMemories } from "./search-memories.js";

const stores: MemoryStore[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});

function storeWith(...outputs: Array<[string, string, number]>): MemoryStore {
  const store = MemoryStore.open(":memory:");
  stores.push(store);
  for (const [tool, output, createdAt] of outputs) {
    store.record({ kind: "call", session: "s1", tool, turn: 2, input: '{"q":1}', output, createdAt });
  }
  return store;
}

async function search(store: MemoryStore, input: unknown) {
  const registry = new ToolRegistry();
  registry.register(new SearchMemories({ store }));
  const [result] = await dispatch(registry, [{ id: "c1", name: "SearchMemories", input }], {
    ctx: createToolContext(),
  });
  return result?.output;
}

describe("SearchMemories", () => {
  it("answers with the hits, best first, each with its tool, time and snippet", async () => {
    const store = storeWith(
      ["Grep", "the flaky test is in jobs.test.ts", Date.UTC(2026, 10, 30, 9, 5)],
      ["Read", "nothing here", 1],
    );
    const out = await search(store, { query: "flaky" });
    expect(out?.isError).toBe(false);
    expect(out?.textContent()).toBe(
      [
        '1 memory matches "flaky", best first:',
        "[1] 2026-11-30 09:05 Grep (session s1, turn 2)",
        '  input: {"q":1}',
        "  the [flaky] test is in jobs.test.ts",
      ].join("\n"),
    );
  });

  it("answers well-formed text whatever a memory holds: no half emoji, no failure on a far-off time", async () => {
    const store = storeWith(["Grep", "needle in the far future", 1e300]);
    store.record({
      kind: "call",
      session: "s1",
      tool: "Read",
      input: `${"x".repeat(292)}\u{1F600} and more`,
      output: "needle again",
      createdAt: 2,
    });
    const out = await search(store, { query: "needle" });
    expect(out?.isError).toBe(false);
    const text = out?.textContent() ?? "";
    expect(text).toContain("2 memories match");
    expect(text).toContain(`input: ${"x".repeat(292)}...`);
    expect(text).not.toMatch(/\p{Cs}/u);
  });

  it("says so when nothing matches", async () => {
    expect((await search(storeWith(), { query: "absent" }))?.textContent()).toBe(
      'No memories match "absent".',
    );
  });

  it("filters by tool and since", async () => {
    const store = storeWith(
      ["Grep", "needle one", Date.UTC(2026, 0, 1)],
      ["Read", "needle two", Date.UTC(2026, 5, 1)],
    );
    const byTool = (await search(store, { query: "needle", tool: "Read" }))?.textContent();
    expect(byTool).toContain("1 memory matches");
    expect(byTool).toContain("2026-06-01 00:00 Read");
    const bySince = (await search(store, { query: "needle", since: "2026-03-01" }))?.textContent();
    expect(bySince).toContain("1 memory matches");
    expect(bySince).toContain("2026-06-01 00:00 Read");
  });

  it.each([
    [{ query: "" }, "query"],
    [{ query: "x", limit: 0 }, "limit"],
    [
      { query: "x", since: "last tuesday" },
      '`since` must be an ISO date such as 2026-11-30, got "last tuesday"',
    ],
    [{ query: "x", extra: true }, "extra"],
  ])("answers %j with a soft failure naming the field", async (input, message) => {
    const out = await search(storeWith(), input);
    expect(out?.isError).toBe(true);
    expect(out?.textContent()).toContain(message);
  });

  it.each([
    [
      "\u0000",
      "Invalid input: `query` holds the control character U+0000 (NUL) at index 0: search for words, not control characters",
    ],
    [
      "needle\u0007",
      "Invalid input: `query` holds the control character U+0007 (BEL) at index 6: search for words, not control characters",
    ],
    [
      "\u001b[31merror",
      "Invalid input: `query` holds the control character U+001B (ESC) at index 0: search for words, not control characters",
    ],
    [
      "a\u007fb",
      "Invalid input: `query` holds the control character U+007F (DEL) at index 1: search for words, not control characters",
    ],
    [
      "x\u0085",
      "Invalid input: `query` holds the control character U+0085 at index 1: search for words, not control characters",
    ],
    ["\t\n \r", 'Invalid input: `query` must hold a word to search for, got only white space ("\\t\\n \\r")'],
  ])("answers a query of %j with an error naming the bad character, not a throw", async (query, message) => {
    const out = await search(storeWith(["Grep", "needle", 1]), { query });
    expect(out?.isError).toBe(true);
    expect(out?.textContent()).toBe(
      `${message}\nFix the arguments so they match the tool's input schema, then call it again.`,
    );
  });

  it("never throws out of the tool, whatever text the query holds", async () => {
    const store = storeWith(["Grep", "needle \u0001 in \u0000 a haystack", 1]);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ minLength: 1, maxLength: 40, unit: "binary" }),
          fc.string({
            minLength: 1,
            maxLength: 8,
            unit: fc.constantFrom("\u0000", "\t", " ", "\n", "\u001f", "a", '"'),
          }),
        ),
        async (query) => {
          const text = (await search(store, { query }))?.textContent() ?? "";
          expect(text).not.toMatch(/^Tool 'SearchMemories' threw/);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("searches a query whose only odd characters are tabs and line breaks between words", async () => {
    const out = await search(storeWith(["Grep", "needle in a haystack", 1]), { query: "needle\thaystack\n" });
    expect(out?.isError).toBe(false);
    expect(out?.textContent()).toContain("1 memory matches");
  });

  it("is read-only, concurrency-safe, idempotent and never recorded", () => {
    const t = toolTraits(new SearchMemories({ store: storeWith() }));
    expect([t.isReadOnly, t.isConcurrencySafe, t.isIdempotent, t.recordsTrajectory]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it("refuses a missing store", () => {
    expect(() => new SearchMemories({} as never)).toThrow("`store` must be a MemoryStore");
  });
});
