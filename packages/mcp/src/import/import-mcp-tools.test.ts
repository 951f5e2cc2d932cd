import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { createToolContext, FnTool, toolTraits } from "@toolkit/core";
import { dispatch, type SurfaceDiff, ToolRegistry } from "@toolkit/registry";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { FOREIGN_TOOLS, type ForeignServer, foreignServer } from "../fixtures/foreign-server.js";
import { RED_PIXEL } from "../fixtures/fixture-tools.js";
import { importMcpTools, type McpImport } from "./import-mcp-tools.js";
import { PATIENCE } from "../fixtures/connect.js";

const IMPORTED = ["lookup", "mixed", "oops", "typed", "slow"];

describe("importMcpTools", () => {
  let foreign: ForeignServer;
  let client: Client;
  let registry: ToolRegistry;
  let warnings: string[];
  let imports: McpImport[];
  const logger = { warn: (message: string) => warnings.push(message) };

  beforeEach(async () => {
    warnings = [];
    imports = [];
    foreign = foreignServer();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await foreign.server.connect(serverSide);
    client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(clientSide);
    registry = new ToolRegistry({ logger });
  });
  afterEach(async () => {
    for (const handle of imports) await handle.close();
    await client.close();
    await foreign.server.close();
  });

  const run = async (options: Partial<Parameters<typeof importMcpTools>[1]> = {}) => {
    const handle = await importMcpTools(client, { registry, logger, ...options });
    imports.push(handle);
    return handle;
  };
  const call = async (name: string, input: unknown = {}, signal?: AbortSignal) => {
    const ctx = createToolContext(signal ? { signal } : {});
    const [result] = await dispatch(registry, [{ id: "c1", name, input }], { ctx });
    if (!result) throw new Error("no result");
    return result.output;
  };

  describe("when a server lists tools over several pages", () => {
    it("registers every valid tool in the server's order with its schema as advertised", async () => {
      const handle = await run();
      expect(registry.toolNames()).toEqual([...IMPORTED].sort());
      expect(handle.tools.map((t) => t.name)).toEqual(IMPORTED);
      expect(registry.allSchemas().map((s) => s.tool)).toEqual(IMPORTED);
      expect(registry.get("lookup")?.schema()).toEqual({
        tool: "lookup",
        description: "Looks a user up by id.",
        input_schema: FOREIGN_TOOLS[0]?.inputSchema,
      });
    });

    it("skips tools whose schema or name is invalid, warning with their names", async () => {
      await run();
      expect(warnings).toEqual([
        expect.stringMatching(
          /^importMcpTools: tool 'bad_schema' of the MCP server 'foreign' is not imported: its input schema is not a valid JSON Schema: /,
        ),
        expect.stringContaining(
          `tool 'has space' of the MCP server 'foreign' is not imported: its local name "has space"`,
        ),
      ]);
    });

    it("maps annotations to traits", async () => {
      await run();
      const traits = (name: string) => {
        const tool = registry.get(name);
        if (!tool) throw new Error(`${name} missing`);
        const { isReadOnly, isIdempotent, isConcurrencySafe } = toolTraits(tool);
        return { isReadOnly, isIdempotent, isConcurrencySafe };
      };
      expect(traits("lookup")).toEqual({ isReadOnly: true, isIdempotent: true, isConcurrencySafe: true });
      expect(traits("oops")).toEqual({ isReadOnly: false, isIdempotent: true, isConcurrencySafe: false });
      expect(traits("mixed")).toEqual({ isReadOnly: false, isIdempotent: false, isConcurrencySafe: false });
      expect(registry.get("oops")?.description).toBe("Tool 'oops' of the MCP server 'foreign'.");
    });

    it("names each tool's server: the name it reports, or the serverName option", async () => {
      const reported = (await run()).tools[0];
      expect(reported?.serverName).toBe(client.getServerVersion()?.name);
      await imports.pop()?.close();
      const named = await run({ serverName: "docs", prefix: "x." });
      expect(named.tools.map((t) => `mcp__${t.serverName}__${t.remoteName}`)[0]).toBe("mcp__docs__lookup");
      await expect(run({ serverName: "a b" })).rejects.toThrow(
        "importMcpTools: `serverName` must be letters, digits, '_' or '-' (1 to 64), got \"a b\"",
      );
    });

    it("applies the prefix and the filter", async () => {
      const handle = await run({ prefix: "f.", filter: (tool) => tool.name !== "slow" });
      expect(handle.tools.map((t) => t.name)).toEqual(["f.lookup", "f.mixed", "f.oops", "f.typed"]);
      expect((await call("f.lookup", { id: 7 })).textContent()).toBe("user 7: ada");
    });

    it("leaves a local tool of the same name alone", async () => {
      const local = new FnTool("lookup", "The local lookup.", { type: "object" }, () => "local");
      registry.register(local);
      await run();
      expect(registry.get("lookup")).toBe(local);
      expect(warnings).toContainEqual(
        expect.stringContaining(
          "tool 'lookup' of the MCP server 'foreign' is not imported: the registry already holds",
        ),
      );
    });
  });

  describe("when an imported tool is called", () => {
    it("returns the server's text", async () => {
      await run();
      const output = await call("lookup", { id: 42 });
      expect(output.isError).toBe(false);
      expect(output.textContent()).toBe("user 42: ada");
    });

    it("maps text, image and resource content to output parts", async () => {
      await run();
      const output = await call("mixed");
      expect(output.parts).toEqual([
        { type: "text", text: "caption" },
        { type: "image", data: RED_PIXEL, mediaType: "image/png" },
        { type: "text", text: "[Audio (audio/wav) omitted: tool results carry text and images only]" },
        { type: "text", text: "Resource file:///notes.txt (text/plain):\nremember" },
        { type: "image", data: RED_PIXEL, mediaType: "image/png" },
        { type: "text", text: "[Resource file:///a.pdf (application/pdf): binary content not shown]" },
        { type: "text", text: "[Resource link: https://example.com/doc — the doc]" },
      ]);
    });

    it("turns isError into a soft failure", async () => {
      await run();
      const output = await call("oops");
      expect(output.isError).toBe(true);
      expect(output.textContent()).toBe("no such user");
    });

    it("keeps structured content and the output schema", async () => {
      await run();
      expect((await call("typed")).structuredValue()).toEqual({ n: 7 });
      const typed = registry.get("typed");
      expect(typed?.outputSchema?.()).toEqual(FOREIGN_TOOLS[3]?.outputSchema);
    });

    it("cancels the remote request when the call's signal fires", async () => {
      await run();
      const controller = new AbortController();
      const pending = call("slow", {}, controller.signal);
      await vi.waitFor(() => expect(foreign.started).toBe(1), PATIENCE);
      controller.abort();
      const output = await pending;
      expect(output.isError).toBe(true);
      expect(output.textContent()).toMatch(/^Cancelled/);
      await vi.waitFor(() => expect(foreign.cancelled).toBe(1), PATIENCE);
    });

    it("answers a failed request with a soft execution error", async () => {
      await run();
      await foreign.server.close();
      const output = await call("lookup", { id: 1 });
      expect(output.isError).toBe(true);
      expect(output.textContent()).toMatch(/^Execution error: the MCP server 'foreign' failed 'lookup': /);
    });
  });

  describe("when the server's tool list changes", () => {
    it("adds, removes and replaces tools in one registry batch", async () => {
      await run();
      const diffs: SurfaceDiff[] = [];
      registry.onToolSurfaceChanged((diff) => diffs.push(diff));
      const version = registry.version();
      const [lookup, , oops, typed] = FOREIGN_TOOLS;
      if (!lookup || !oops || !typed) throw new Error("fixture changed");
      await foreign.setTools([
        { ...lookup, description: "Looks a user up by id, faster." },
        oops,
        typed,
        { name: "fresh", description: "A new tool.", inputSchema: { type: "object" } },
      ]);
      await vi.waitFor(() => expect(diffs).toHaveLength(1), PATIENCE);
      expect(diffs[0]).toEqual({
        version: version + 1,
        added: ["fresh"],
        removed: ["mixed", "slow"],
        replaced: ["lookup"],
      });
      expect(registry.allSchemas().map((s) => s.tool)).toEqual(["lookup", "oops", "typed", "fresh"]);
      expect(registry.get("lookup")?.description).toBe("Looks a user up by id, faster.");
    });

    it("reports what refresh() changed, and nothing when nothing did", async () => {
      const handle = await run();
      expect(await handle.refresh()).toEqual({ added: [], removed: [], replaced: [] });
      const version = registry.version();
      expect(await handle.refresh()).toEqual({ added: [], removed: [], replaced: [] });
      expect(registry.version()).toBe(version);
    });

    it("stops following the server and removes the tools on close()", async () => {
      const handle = await run();
      await handle.close();
      expect(registry.size).toBe(0);
      await foreign.setTools(FOREIGN_TOOLS.slice(0, 1));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(registry.size).toBe(0);
      await expect(handle.refresh()).rejects.toThrow("refresh() after close()");
    });
  });

  describe("when given a transport instead of a client", () => {
    it("connects its own client and closes it on close()", async () => {
      const other = foreignServer();
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await other.server.connect(serverSide);
      const closed = new Promise<void>((resolve) => {
        other.server.onclose = resolve;
      });
      const handle = await importMcpTools(clientSide, { registry, logger, prefix: "other." });
      expect(registry.contains("other.lookup")).toBe(true);
      await handle.close();
      await closed;
      expect(registry.contains("other.lookup")).toBe(false);
    });
  });

  describe("when the server is an SDK McpServer with zod schemas", () => {
    it("follows tools registered and removed after the import", async () => {
      const server = new McpServer({ name: "zod-server", version: "1.0.0" });
      server.registerTool(
        "greet",
        {
          description: "Greets someone.",
          inputSchema: { who: z.string() },
          annotations: { readOnlyHint: true },
        },
        ({ who }) => ({ content: [{ type: "text", text: `hello ${who}` }] }),
      );
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      const handle = await importMcpTools(clientSide, { registry, logger });
      imports.push(handle);
      expect((await call("greet", { who: "ada" })).textContent()).toBe("hello ada");
      expect(await call("greet", { who: 1 })).toMatchObject({ isError: true });
      const later = server.registerTool("later", { description: "Added later." }, () => ({
        content: [{ type: "text", text: "late" }],
      }));
      await vi.waitFor(() => expect(registry.contains("later")).toBe(true), PATIENCE);
      later.remove();
      await vi.waitFor(() => expect(registry.contains("later")).toBe(false), PATIENCE);
      await server.close();
    });
  });

  describe("when the options are wrong", () => {
    it.each([
      [{ registry: undefined }, "`registry` must be a ToolRegistry from @toolkit/registry"],
      [{ prefix: "a b" }, `\`prefix\` must be letters, digits, '.', '_' or '-' (at most 64), got "a b"`],
      [{ filter: "slow" }, "`filter` must be a function, got string"],
      [{ timeoutMs: 0 }, "`timeoutMs` must be a positive number, got 0"],
    ])("throws a TypeError naming the option (%o)", async (bad, message) => {
      const options = { registry, ...bad } as unknown as Parameters<typeof importMcpTools>[1];
      const error = await importMcpTools(client, options).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TypeError);
      expect((error as TypeError).message).toBe(`importMcpTools: ${message}`);
    });

    it("rejects a source that is neither a client nor a transport", async () => {
      await expect(importMcpTools({} as Client, { registry })).rejects.toThrow(TypeError);
    });
  });
});
