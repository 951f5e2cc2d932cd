import type { Tool as McpToolDefinition } from "@modelcontextprotocol/sdk/types.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { planSync } from "./plan-sync.js";

const remoteTool = fc.record({
  name: fc.constantFrom("a", "b", "c", "d", "bad name"),
  description: fc.constantFrom("one", "two"),
  inputSchema: fc.constantFrom<McpToolDefinition["inputSchema"]>(
    { type: "object" },
    { type: "object", properties: { x: { type: "string" } } },
    { type: "object", properties: { x: { type: "strng" } } },
  ),
});

const base = { prefix: "", filter: () => true, isTaken: () => false };

describe("planSync", () => {
  describe("when applied after every listing", () => {
    it("keeps the imported set equal to the server's valid tools", () => {
      fc.assert(
        fc.property(fc.array(fc.array(remoteTool, { maxLength: 6 }), { maxLength: 6 }), (listings) => {
          const current = new Map<string, string>();
          for (const remote of listings) {
            const plan = planSync({ ...base, remote, current });
            for (const name of plan.remove) current.delete(name);
            for (const t of plan.replace) {
              expect(current.has(t.name)).toBe(true);
              current.set(t.name, t.fingerprint);
            }
            for (const t of plan.add) {
              expect(current.has(t.name)).toBe(false);
              current.set(t.name, t.fingerprint);
            }
            const valid = new Map<string, McpToolDefinition>();
            for (const t of remote) {
              const ok = t.name !== "bad name" && JSON.stringify(t.inputSchema).indexOf("strng") < 0;
              if (ok && !valid.has(t.name)) valid.set(t.name, t);
            }
            expect([...current.keys()].sort()).toEqual([...valid.keys()].sort());
            // Listing the same tools again changes nothing.
            const again = planSync({ ...base, remote, current });
            expect([again.add, again.replace, again.remove]).toEqual([[], [], []]);
          }
        }),
      );
    });
  });

  describe("when a tool cannot be imported", () => {
    it("reports each reason and keeps the first of a duplicated name", () => {
      const plan = planSync({
        ...base,
        prefix: "p.",
        isTaken: (name) => name === "p.taken",
        current: new Map(),
        remote: [
          { name: "ok", inputSchema: { type: "object" } },
          { name: "ok", description: "again", inputSchema: { type: "object" } },
          { name: "taken", inputSchema: { type: "object" } },
          { name: "x".repeat(127), inputSchema: { type: "object" } },
          {
            name: "out",
            inputSchema: { type: "object" },
            outputSchema: { type: "object", properties: { n: { type: "intger" } } },
          },
        ],
      });
      expect(plan.add.map((t) => t.name)).toEqual(["p.ok"]);
      expect(plan.skipped).toEqual([
        { name: "ok", reason: "the server lists the name more than once; the first one is kept" },
        {
          name: "taken",
          reason: "the registry already holds another tool named 'p.taken'; import with a `prefix`",
        },
        {
          name: "x".repeat(127),
          reason: expect.stringContaining("does not match /^[A-Za-z0-9._-]{1,128}$/"),
        },
        { name: "out", reason: expect.stringMatching(/^its output schema is not a valid JSON Schema: /) },
      ]);
    });

    it("drops a tool the filter rejects without a warning", () => {
      const plan = planSync({
        ...base,
        filter: (t) => t.name !== "b",
        current: new Map([["b", "{}"]]),
        remote: [{ name: "b", inputSchema: { type: "object" } }],
      });
      expect(plan).toEqual({ add: [], replace: [], remove: ["b"], skipped: [] });
    });
  });
});
