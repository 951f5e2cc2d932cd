import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { FnTool, type Tool, ToolOutput } from "@toolkit/core";
import { RegistryError, ToolRegistry } from "@toolkit/registry";
import { afterEach, describe, expect, it } from "vitest";
import { httpClientTransport, TEST_TOKEN } from "../fixtures/connect.js";
import { serveRegistry } from "../index.js";

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

function withMetadata(name: string, metadata: { title?: unknown; icons?: unknown }): Tool {
  const tool = new FnTool(name, "A tool.", { type: "object" }, async () => "ok");
  if ("title" in metadata) Object.assign(tool, { title: () => metadata.title });
  if ("icons" in metadata) Object.assign(tool, { icons: () => metadata.icons });
  return tool;
}

async function listed(registry: ToolRegistry, warnings: string[] = []) {
  const serving = await serveRegistry(registry, {
    name: "t",
    version: "1.0.0",
    transport: { type: "http", token: TEST_TOKEN },
    logger: { warn: (message) => warnings.push(message) },
  });
  cleanup.push(() => serving.close());
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(httpClientTransport(serving.url as URL));
  cleanup.push(() => client.close());
  return (await client.listTools()).tools;
}

/** A tool as a plain object, so its name is not checked by FnTool first. */
function plainTool(name: string): Tool {
  return {
    name,
    description: "d",
    schema: () => ({ tool: name, description: "d", input_schema: { type: "object" } }),
    call: async () => ToolOutput.text("ok"),
  };
}

const ICON = { src: "https://example.com/icon.png", mimeType: "image/png", sizes: ["48x48"], theme: "dark" };

describe("tools/list metadata (2025-11-25)", () => {
  it("serves a tool's title and icons", async () => {
    const registry = new ToolRegistry();
    registry.register(
      withMetadata("shiny", {
        title: "Shiny Tool",
        icons: [ICON, { src: "data:image/svg+xml;base64,PHN2Zy8+" }],
      }),
    );
    registry.register(withMetadata("plain", {}));
    const [shiny, plain] = await listed(registry);
    expect(shiny?.title).toBe("Shiny Tool");
    expect(shiny?.icons).toEqual([ICON, { src: "data:image/svg+xml;base64,PHN2Zy8+" }]);
    expect(plain && "title" in plain).toBe(false);
    expect(plain && "icons" in plain).toBe(false);
  });

  it.each([
    [{ title: "" }, 'its title must be a non-empty string, got ""'],
    [{ title: 3 }, "its title must be a non-empty string, got 3"],
    [{ icons: {} }, "its icons must be an array, got {}"],
    [
      { icons: [{ src: "javascript:alert(1)" }] },
      'icons[0].src must be an https:, http: or data: URI, got "javascript:alert(1)"',
    ],
    [
      { icons: [{ src: "not a url" }] },
      'icons[0].src must be an https:, http: or data: URI, got "not a url"',
    ],
    [{ icons: [{ src: ICON.src, theme: "blue" }] }, 'icons[0].theme must be "light" or "dark", got "blue"'],
    [
      { icons: [{ src: ICON.src, sizes: "48x48" }] },
      'icons[0].sizes must be an array of strings, got "48x48"',
    ],
    [{ icons: [{ src: ICON.src, mimeType: "" }] }, 'icons[0].mimeType must be a non-empty string, got ""'],
    [{ icons: [{ src: ICON.src, size: "48" }] }, "icons[0] has an unknown field 'size'"],
  ])("leaves out a tool with bad metadata %j, with a warning naming it", async (metadata, reason) => {
    const registry = new ToolRegistry();
    registry.register(withMetadata("bad", metadata));
    registry.register(withMetadata("good", {}));
    const warnings: string[] = [];
    expect((await listed(registry, warnings)).map((t) => t.name)).toEqual(["good"]);
    expect(warnings).toEqual([`serveRegistry: tool 'bad' is not advertised: ${reason}`]);
  });
});

describe("tool names (2025-11-25: 1-128 of A-Z a-z 0-9 _ - .)", () => {
  it.each(["", "a".repeat(129), "has space", "a/b", "a,b", "é"])(
    "refuses %j at registration, naming it",
    (name) => {
      const registry = new ToolRegistry();
      const tool = plainTool(name);
      expect(() => registry.register(tool)).toThrow(RegistryError);
      expect(() => registry.register(tool)).toThrow(JSON.stringify(name));
    },
  );

  it("refuses to start serving a registry surface that holds a name outside the rule", async () => {
    const bad = plainTool("has space");
    const surface = {
      versionedSurface: () => ({ version: 1, schemas: [bad.schema()] }),
      onToolSurfaceChanged: () => () => undefined,
      get: () => bad,
    } as unknown as ToolRegistry;
    const error = await serveRegistry(surface, {
      name: "t",
      version: "1",
      transport: { type: "http", token: TEST_TOKEN },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe(
      `serveRegistry: tool "has space" has a name outside the MCP rule (1-128 characters of A-Z, a-z, 0-9, '_', '-', '.')`,
    );
  });

  it("leaves out a name outside the rule that appears after the start, with a warning", async () => {
    const good = plainTool("good");
    const bad = plainTool("has space");
    let schemas = [good.schema()];
    const surface = {
      versionedSurface: () => ({ version: schemas.length, schemas }),
      onToolSurfaceChanged: () => () => undefined,
      get: (name: string) => (name === "good" ? good : bad),
    } as unknown as ToolRegistry;
    const warnings: string[] = [];
    const serving = await serveRegistry(surface, {
      name: "t",
      version: "1",
      transport: { type: "http", token: TEST_TOKEN },
      logger: { warn: (message) => warnings.push(message) },
    });
    cleanup.push(() => serving.close());
    schemas = [good.schema(), bad.schema()];
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(httpClientTransport(serving.url as URL));
    cleanup.push(() => client.close());
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["good"]);
    expect(warnings).toEqual([
      `serveRegistry: tool 'has space' is not advertised: its name is outside the MCP rule (1-128 characters of A-Z, a-z, 0-9, '_', '-', '.')`,
    ]);
  });
});
