import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ErrorCode, McpError, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  connectHttpFixture,
  connectStdioFixture,
  type FixtureConnection,
  PATIENCE,
} from "../fixtures/connect.js";
import { RED_PIXEL } from "../fixtures/fixture-tools.js";

const ADVERTISED = ["echo", "fail", "explode", "picture", "stats", "liar", "wait", "wait_stats", "toggle"];

describe("serveRegistry", () => {
  describe.each([
    { over: "stdio to a child process", connect: connectStdioFixture },
    { over: "Streamable HTTP on 127.0.0.1", connect: () => connectHttpFixture() },
  ])("when a real MCP client connects over $over", ({ connect }) => {
    let fixture: FixtureConnection;
    let client: Client;
    beforeAll(async () => {
      fixture = await connect();
      client = fixture.client;
    });
    afterAll(async () => {
      await fixture?.close();
    });

    it("lists the registry's tools in registration order, skipping invalid schemas", async () => {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(ADVERTISED);
      await vi.waitFor(() => {
        expect(fixture.warnings()).toContain(
          "serveRegistry: tool 'broken' is not advertised: its input schema is not a valid JSON Schema:",
        );
        expect(fixture.warnings()).toContain(
          `serveRegistry: tool 'scalar' is not advertised: its input schema must have \`type: "object"\` at the root, got "string"`,
        );
      }, PATIENCE);
    });

    it("passes schemas through unchanged and maps traits to annotations", async () => {
      const { tools } = await client.listTools();
      const echo = tools.find((t) => t.name === "echo");
      expect(echo).toEqual({
        name: "echo",
        description: "Returns the text unchanged.",
        inputSchema: {
          type: "object",
          properties: { text: { type: "string", description: "Any text." } },
          required: ["text"],
          additionalProperties: false,
        },
        annotations: { readOnlyHint: true, idempotentHint: true },
      });
      expect(tools.find((t) => t.name === "fail")?.annotations).toEqual({
        readOnlyHint: false,
        destructiveHint: true,
      });
      expect(tools.find((t) => t.name === "stats")?.outputSchema).toMatchObject({
        type: "object",
        required: ["words", "chars"],
      });
    });

    it("answers a call with the tool's text", async () => {
      const result = await client.callTool({ name: "echo", arguments: { text: "héllo\nworld" } });
      expect(result).toEqual({ content: [{ type: "text", text: "héllo\nworld" }] });
    });

    it("returns soft failures as isError results", async () => {
      expect(await client.callTool({ name: "fail", arguments: {} })).toEqual({
        content: [{ type: "text", text: "disk full" }],
        isError: true,
      });
      const thrown = await client.callTool({ name: "explode", arguments: {} });
      expect(thrown.isError).toBe(true);
      expect(thrown.content).toEqual([
        { type: "text", text: expect.stringMatching(/^Execution error: the fuse was lit\n/) },
      ]);
    });

    it("returns invalid arguments as a soft failure naming the field", async () => {
      const result = await client.callTool({ name: "echo", arguments: { text: 3 } });
      expect(result.isError).toBe(true);
      expect(result.content).toEqual([
        {
          type: "text",
          text: expect.stringContaining("Invalid input: `text` must be string, got integer (3)"),
        },
      ]);
    });

    it("rejects an unknown or unadvertised name with InvalidParams listing the names", async () => {
      for (const name of ["nope", "broken"]) {
        const error = await client.callTool({ name, arguments: {} }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(McpError);
        expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
        expect((error as McpError).message).toBe(
          `MCP error -32602: Tool not found: ${name}. Available: echo, explode, fail, liar, picture, stats, toggle, wait, wait_stats`,
        );
      }
    });

    it("maps image parts to MCP image content", async () => {
      expect(await client.callTool({ name: "picture", arguments: {} })).toEqual({
        content: [
          { type: "text", text: "a red pixel" },
          { type: "image", data: RED_PIXEL, mimeType: "image/png" },
        ],
      });
    });

    it("maps structured output to structuredContent when the tool declares an output schema", async () => {
      await client.listTools();
      const result = await client.callTool({ name: "stats", arguments: { text: "two words" } });
      expect(result).toEqual({
        content: [{ type: "text", text: '{"words":2,"chars":9}' }],
        structuredContent: { words: 2, chars: 9 },
      });
      const liar = await client.callTool({ name: "liar", arguments: {} });
      expect(liar.isError).toBe(true);
      expect(liar.structuredContent).toBeUndefined();
      expect(liar.content).toEqual([
        {
          type: "text",
          text: expect.stringContaining(
            "Tool 'liar' returned a result that does not match its output schema: `count`",
          ),
        },
      ]);
    });

    it("sends notifications/tools/list_changed when the registry changes", async () => {
      let notified = 0;
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
        notified += 1;
      });
      const names = async () => (await client.listTools()).tools.map((t) => t.name);
      // The HTTP client opens its notification stream in the background; toggle until one arrives.
      await vi.waitFor(
        async () => {
          await client.callTool({ name: "toggle", arguments: {} });
          expect(notified).toBeGreaterThan(0);
        },
        { timeout: 5000, interval: 50 },
      );
      const before = (await names()).includes("extra");
      const seen = notified;
      await client.callTool({ name: "toggle", arguments: {} });
      await vi.waitFor(() => expect(notified).toBeGreaterThan(seen), PATIENCE);
      expect((await names()).includes("extra")).toBe(!before);
      client.removeNotificationHandler("notifications/tools/list_changed");
    });

    it("aborts the call's signal when the client cancels it", async () => {
      const before = await fixture.waitStats();
      const controller = new AbortController();
      const call = client.callTool({ name: "wait", arguments: { ms: 20_000 } }, undefined, {
        signal: controller.signal,
      });
      // Cancel only once the tool runs, so the signal reaches a running call.
      await vi.waitFor(
        async () => expect((await fixture.waitStats()).started).toBe(before.started + 1),
        PATIENCE,
      );
      controller.abort(new Error("user pressed stop"));
      await expect(call).rejects.toThrow("user pressed stop");
      await vi.waitFor(
        async () => expect((await fixture.waitStats()).cancelled).toBe(before.cancelled + 1),
        PATIENCE,
      );
    });
  });
});
