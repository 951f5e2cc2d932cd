import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { createToolContext, type ToolOutput } from "@toolkit/core";
import { dispatch, ToolRegistry } from "@toolkit/registry";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  fixtureRegistry,
  httpClientTransport,
  isWaitStats,
  PACKAGE_DIR,
  tsNodeArgs,
  type WaitStats,
  PATIENCE,
} from "../fixtures/connect.js";
import { importMcpTools, type McpImport, serveRegistry } from "../index.js";
import { outputSchemaOf } from "./output-schema.js";

const quiet = { warn: () => undefined };

/** A registry shaped like the one on the other side, to compare against. */
const original = fixtureRegistry({ started: 0, cancelled: 0 }, () => undefined);
const SKIPPED = new Set(["broken", "scalar"]);

const CALLS: [string, unknown][] = [
  ["echo", { text: "round\ntrip ✓" }],
  ["echo", { text: 5 }],
  ["fail", {}],
  ["explode", {}],
  ["picture", {}],
  ["stats", { text: "a b c" }],
  ["wait", { ms: 1 }],
];

function view(output: ToolOutput) {
  return { isError: output.isError, parts: output.parts, value: output.structuredValue() };
}

async function callOne(registry: ToolRegistry, name: string, input: unknown): Promise<ToolOutput> {
  const [result] = await dispatch(registry, [{ id: "rt", name, input }], { ctx: createToolContext() });
  if (!result) throw new Error("no result");
  return result.output;
}

describe("serveRegistry and importMcpTools", () => {
  describe.each([
    {
      over: "stdio to a child process",
      open: async () => {
        const transport = new StdioClientTransport({
          command: process.execPath,
          args: tsNodeArgs("./stdio-server.ts"),
          cwd: PACKAGE_DIR,
          stderr: "ignore",
        });
        return { transport, close: async (): Promise<void> => undefined };
      },
    },
    {
      over: "Streamable HTTP on 127.0.0.1",
      open: async () => {
        const source = fixtureRegistry({ started: 0, cancelled: 0 }, () => undefined);
        const serving = await serveRegistry(source, {
          name: "fixture",
          version: "1.0.0",
          transport: "http",
          logger: quiet,
        });
        if (!serving.url) throw new Error("no url");
        return {
          // The string form generates a token (printed on stderr) and returns it.
          transport: httpClientTransport(serving.url, serving.token),
          close: (): Promise<void> => serving.close(),
        };
      },
    },
  ])("when a registry is served over $over and imported into another", ({ open }) => {
    const imported = new ToolRegistry({ logger: quiet });
    let handle: McpImport;
    let closeSource: () => Promise<void>;
    beforeAll(async () => {
      const { transport, close } = await open();
      closeSource = close;
      handle = await importMcpTools(transport, { registry: imported, logger: quiet });
    });
    afterAll(async () => {
      await handle?.close();
      await closeSource?.();
    });

    it("preserves names, descriptions and schemas in registration order", () => {
      const expected = original.allSchemas().filter((s) => !SKIPPED.has(s.tool));
      expect(imported.allSchemas()).toEqual(expected);
      for (const tool of original.allTools().filter((t) => !SKIPPED.has(t.name))) {
        const copy = imported.get(tool.name);
        if (!copy) throw new Error(`${tool.name} was not imported`);
        expect(outputSchemaOf(copy)).toEqual(outputSchemaOf(tool));
        expect(copy.isReadOnly?.()).toBe(tool.isReadOnly?.() ?? false);
      }
    });

    it.each(CALLS)("preserves the result of %s(%o)", async (name, input) => {
      expect(view(await callOne(imported, name, input))).toEqual(view(await callOne(original, name, input)));
    });

    it("preserves any text through echo", async () => {
      await fc.assert(
        fc.asyncProperty(fc.string({ unit: "grapheme", maxLength: 200 }), async (text) => {
          const output = await callOne(imported, "echo", { text });
          expect(view(output)).toEqual({
            isError: false,
            parts: [{ type: "text", text }],
            value: view(output).value,
          });
        }),
        { numRuns: 25 },
      );
    });

    it("carries a mutation on the serving side to the importing registry", async () => {
      const had = imported.contains("extra");
      const version = imported.version();
      await callOne(imported, "toggle", {});
      await vi.waitFor(() => expect(imported.contains("extra")).toBe(!had), PATIENCE);
      expect(imported.version()).toBe(version + 1);
    });

    it("cancels a call across both hops", async () => {
      const controller = new AbortController();
      const ctx = createToolContext({ signal: controller.signal });
      const stats = async () => (await callOne(imported, "wait_stats", {})).structuredValue();
      const raw = await stats();
      if (!isWaitStats(raw)) throw new Error("wait_stats answered without its counters");
      const before: WaitStats = raw;
      const pending = dispatch(imported, [{ id: "w", name: "wait", input: {} }], { ctx });
      // Cancel only once the far side runs the tool, so the signal crosses both hops.
      await vi.waitFor(
        async () => expect(await stats()).toEqual({ ...before, started: before.started + 1 }),
        PATIENCE,
      );
      controller.abort();
      const [result] = await pending;
      expect(result?.output.textContent()).toMatch(/^Cancelled/);
      await vi.waitFor(
        async () =>
          expect(await stats()).toEqual({ started: before.started + 1, cancelled: before.cancelled + 1 }),
        PATIENCE,
      );
    });
  });
});
