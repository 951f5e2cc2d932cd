import { mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createToolContext } from "@toolkit/core";
import { ScriptedModelServer } from "@toolkit/loop/test";
import type { SearchProvider, SearchRequest } from "@toolkit/web-search";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLoomRegistry } from "./create-loom-registry.js";

/** A search provider standing in for Google or Serper; records the queries it got. */
class RecordingProvider implements SearchProvider {
  readonly queries: string[] = [];
  constructor(readonly name: string) {}
  async search({ query }: SearchRequest) {
    this.queries.push(query);
    return [{ title: `${this.name} result`, url: `https://example.com/${this.name}`, snippet: "s" }];
  }
}

let base: string;
const servers: ScriptedModelServer[] = [];
beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), "loom-registry-")));
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await rm(base, { recursive: true, force: true });
});

const names = (registry: ReturnType<typeof createLoomRegistry>) => registry.allTools().map((t) => t.name);
const silent = { logger: { warn: (message: string) => expect.fail(`unexpected warning: ${message}`) } };

describe("createLoomRegistry", () => {
  describe("when only root is given", () => {
    it("registers the file and shell tools in create_tool_registry's order, and no oracle", () => {
      expect(names(createLoomRegistry({ root: base, registry: silent }))).toEqual([
        "read_file",
        "list_files",
        "edit_file",
        "bash",
      ]);
    });
  });

  describe("when everything is configured", () => {
    it("adds oracle before web_search, and Serper's web_search takes Google's slot as in Loom", async () => {
      const google = new RecordingProvider("google");
      const serper = new RecordingProvider("serper");
      const registry = createLoomRegistry({
        root: base,
        search: { google, serper },
        oracle: { provider: "openai-chat", model: "o", baseUrl: "http://127.0.0.1:9" },
        registry: silent,
      });
      expect(names(registry)).toEqual([
        "read_file",
        "list_files",
        "edit_file",
        "bash",
        "oracle",
        "web_search",
      ]);
      const ctx = createToolContext({ cwd: base, isNonInteractive: true });
      await registry.get("web_search")?.call({ query: "q" }, ctx);
      expect(serper.queries).toEqual(["q"]);
      expect(google.queries).toEqual([]);
      await ctx.dispose();
    });

    it("keeps Google's web_search when Serper is not given", () => {
      const registry = createLoomRegistry({
        root: base,
        search: { google: new RecordingProvider("google") },
      });
      expect(names(registry)).toEqual(["read_file", "list_files", "edit_file", "bash", "web_search"]);
    });
  });

  describe("when a tool is called outside root", () => {
    it("confines the file tools to root, whatever the context's cwd", async () => {
      await writeFile(join(base, "inside.txt"), "in");
      const registry = createLoomRegistry({ root: join(base), registry: silent });
      const ctx = createToolContext({ cwd: tmpdir(), isNonInteractive: true });
      const read = await registry.get("read_file")?.call({ path: "inside.txt" }, ctx);
      expect(read?.isError).toBe(false);
      const outside = await registry.get("read_file")?.call({ path: "../outside.txt" }, ctx);
      expect(outside?.isError).toBe(true);
      await ctx.dispose();
    });
  });

  describe("when the oracle is configured", () => {
    it("gives it read_file, list_files and the configured web_search, never edit_file or bash", async () => {
      const server = await ScriptedModelServer.start({ script: [{ text: "advice" }] });
      servers.push(server);
      const registry = createLoomRegistry({
        root: base,
        search: { google: new RecordingProvider("google") },
        oracle: { provider: "openai-chat", model: "o", baseUrl: server.openaiBaseUrl, maxTurns: 1 },
      });
      const ctx = createToolContext({ cwd: base, isNonInteractive: true });
      const output = await registry.get("oracle")?.call({ task: "advise" }, ctx);
      expect(output?.textContent()).toBe("advice");
      expect(server.requests[0]?.toolNames).toEqual(["read_file", "list_files", "web_search"]);
      await ctx.dispose();
    });
  });

  describe("when given bad options", () => {
    it.each<[string, unknown, string]>([
      ["no root", {}, "createLoomRegistry: `root` must be a directory path, got undefined"],
      [
        "an unknown search key",
        { root: "/tmp", search: { bing: {} } },
        "createLoomRegistry: `search.bing` is not an option; use `google` or `serper`",
      ],
      [
        "an oracle without a provider",
        { root: "/tmp", oracle: { model: "o" } },
        "oracleModel: `provider` must be one of",
      ],
    ])("throws for %s", (_, options, message) => {
      // @ts-expect-error options a caller might pass from untyped code
      expect(() => createLoomRegistry(options)).toThrow(message);
    });
  });
});
