import { getEventListeners } from "node:events";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createToolContext } from "@toolkit/core";
import { describe, expect, it, vi } from "vitest";
import { fixtureRegistry, PATIENCE } from "../fixtures/connect.js";
import { serveRegistry } from "./serve-registry.js";

/** How many joined signals Node keeps on a source (AbortSignal.any's bookkeeping), when it shows it. */
function dependants(signal: AbortSignal): number {
  const key = Object.getOwnPropertySymbols(signal).find((s) => s.description === "kDependantSignals");
  const set: unknown = key === undefined ? undefined : Reflect.get(signal, key);
  return set instanceof Set ? set.size : 0;
}

/** Serves the fixture tools over an in-memory pair with a host signal, and runs `body` with a client. */
async function withSession(
  host: AbortController,
  state: { started: number; cancelled: number },
  body: (client: Client) => Promise<void>,
): Promise<void> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const serving = await serveRegistry(
    fixtureRegistry(state, () => undefined),
    {
      name: "t",
      version: "1",
      transport: serverSide,
      ctx: createToolContext({ signal: host.signal }),
      logger: { warn: () => undefined },
    },
  );
  const client = new Client({ name: "test", version: "1" });
  try {
    await client.connect(clientSide);
    await body(client);
  } finally {
    await client.close();
    await serving.close();
  }
}

describe("serveRegistry tools/call signals", () => {
  describe("when many calls run in one long session", () => {
    it("leaves nothing behind on the session's signal", async () => {
      const host = new AbortController();
      const any = vi.spyOn(AbortSignal, "any");
      try {
        await withSession(host, { started: 0, cancelled: 0 }, async (client) => {
          const before = [getEventListeners(host.signal, "abort").length, dependants(host.signal)];
          for (let i = 0; i < 50; i++) await client.callTool({ name: "echo", arguments: { text: `${i}` } });
          expect([getEventListeners(host.signal, "abort").length, dependants(host.signal)]).toEqual(before);
          expect(any).not.toHaveBeenCalled();
        });
      } finally {
        any.mockRestore();
      }
    });

    it("still cancels a running call when the host's signal fires", async () => {
      const host = new AbortController();
      const state = { started: 0, cancelled: 0 };
      await withSession(host, state, async (client) => {
        const pending = client.callTool({ name: "wait", arguments: {} });
        await vi.waitFor(() => expect(state.started).toBe(1), PATIENCE);
        host.abort();
        expect((await pending).isError).toBe(true);
        expect(state.cancelled).toBe(1);
        expect(getEventListeners(host.signal, "abort")).toHaveLength(0);
      });
    });
  });
});
