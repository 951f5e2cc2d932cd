import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Progress } from "@modelcontextprotocol/sdk/types.js";
import { FnTool } from "@toolkit/core";
import { dispatch, ToolRegistry } from "@toolkit/registry";
import { progressTool } from "@toolkit/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { httpClientTransport, TEST_TOKEN } from "../fixtures/connect.js";
import { importMcpTools, serveRegistry } from "../index.js";
import { progressNotifier } from "./progress-notifier.js";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

function registryOf(gapMs: number): ToolRegistry {
  const registry = new ToolRegistry({ logger: { warn: () => {} } });
  registry.register(progressTool("Steps", { gapMs }));
  return registry;
}

async function connectHttp(registry: ToolRegistry): Promise<Client> {
  const serving = await serveRegistry(registry, {
    name: "progress",
    version: "1.0.0",
    transport: { type: "http", port: 0, token: TEST_TOKEN },
    logger: { warn: () => {} },
  });
  closers.push(() => serving.close());
  if (!serving.url) throw new Error("serveRegistry over HTTP returned no url");
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(httpClientTransport(serving.url));
  closers.push(() => client.close());
  return client;
}

describe("serveRegistry progress", () => {
  describe("when a real client sends a progress token over Streamable HTTP", () => {
    it("sends three notifications/progress a second apart before the result", async () => {
      const client = await connectHttp(registryOf(1000));
      const seen: string[] = [];
      const result = client
        .callTool({ name: "Steps", arguments: {} }, undefined, {
          onprogress: (p: Progress) => seen.push(`${p.progress}/${p.total} ${p.message}`),
        })
        .then((r) => {
          seen.push("result");
          return r;
        });
      expect((await result).content).toEqual([{ type: "text", text: "done after 3 steps" }]);
      expect(seen).toEqual(["1/3 step 1 of 3", "2/3 step 2 of 3", "3/3 step 3 of 3", "result"]);
    });
  });

  describe("when a tool reports after its call ended", () => {
    it("sends nothing for it: the client sees no progress for a finished request", async () => {
      const registry = new ToolRegistry({ logger: { warn: () => {} } });
      let late: Promise<void> | undefined;
      registry.register(
        new FnTool("Late", "Reports once, answers, reports again.", { type: "object" }, (_input, ctx) => {
          ctx.progress({ message: "working" });
          late = new Promise((resolve) =>
            setTimeout(() => {
              ctx.progress({ message: "too late" });
              resolve();
            }, 50),
          );
          return "ok";
        }),
      );
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      const serving = await serveRegistry(registry, {
        name: "progress",
        version: "1.0.0",
        transport: serverSide,
        logger: { warn: () => {} },
      });
      closers.push(() => serving.close());
      const client = new Client({ name: "test", version: "1.0.0" });
      const errors: string[] = [];
      client.onerror = (error) => errors.push(error.message);
      await client.connect(clientSide);
      closers.push(() => client.close());
      const seen: string[] = [];
      await client.callTool({ name: "Late", arguments: {} }, undefined, {
        onprogress: (p: Progress) => seen.push(`${p.progress} ${p.message}`),
      });
      await late;
      // One round trip more: anything the server sent after the result has arrived by now.
      await client.listTools();
      expect(seen).toEqual(["1 working"]);
      expect(errors).toEqual([]);
    });
  });
});

describe("progressNotifier", () => {
  const collect = () => {
    const sent: unknown[] = [];
    const notify = progressNotifier("tok", (params) => sent.push(params));
    return { sent, notify };
  };

  describe("when updates carry no figure or a figure that does not grow", () => {
    it("still sends a progress that grows with every notification", () => {
      const { sent, notify } = collect();
      notify({ message: "a" });
      notify({ progress: 5, total: 10 });
      notify({ progress: 5, message: "same" });
      notify({ progress: 2, total: 3 });
      expect(sent).toEqual([
        { progressToken: "tok", progress: 1, message: "a" },
        { progressToken: "tok", progress: 5, total: 10 },
        { progressToken: "tok", progress: 6, message: "same" },
        { progressToken: "tok", progress: 7 },
      ]);
    });
  });

  describe("when an update has output and no message", () => {
    it("uses the output's last non-empty line as the message", () => {
      const { sent, notify } = collect();
      notify({ output: "one\ntwo\n\n" });
      expect(sent).toEqual([{ progressToken: "tok", progress: 1, message: "two" }]);
    });
  });
});

describe("importMcpTools progress", () => {
  describe("when an imported tool's server reports progress", () => {
    it("delivers it to the importing call's ctx.progress, three updates before the result", async () => {
      const client = await connectHttp(registryOf(1000));
      const local = new ToolRegistry({ logger: { warn: () => {} } });
      const handle = await importMcpTools(client, { registry: local, prefix: "remote_" });
      closers.push(() => handle.close());
      const seen: string[] = [];
      const [result] = await dispatch(local, [{ id: "c1", name: "remote_Steps", input: {} }], {
        onProgress: (e) => seen.push(`${e.callId} ${e.progress}/${e.total} ${e.message}`),
      });
      seen.push(`result ${result?.output.textContent()}`);
      expect(seen).toEqual([
        "c1 1/3 step 1 of 3",
        "c1 2/3 step 2 of 3",
        "c1 3/3 step 3 of 3",
        "result done after 3 steps",
      ]);
    });
  });
});
