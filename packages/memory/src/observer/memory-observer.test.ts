import { FnTool } from "@toolkit/core";
import { BareLoop, openaiChat } from "@toolkit/loop";
import { type ScriptStep, ScriptedModelServer } from "@toolkit/loop/test";
import { ToolRegistry } from "@toolkit/registry";
import { afterEach, describe, expect, it } from "vitest";
import { MemoryStore } from "../store/memory-store.js";
import { SearchMemories } from "../tool/search-memories.js";
import { memoryObserver } from "./memory-observer.js";

const closers: Array<() => unknown> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

function registry(store: MemoryStore): ToolRegistry {
  const r = new ToolRegistry();
  r.register(
    new FnTool(
      "Lookup",
      "Looks a word up.",
      {
        type: "object",
        properties: { word: { type: "string" } },
        required: ["word"],
        additionalProperties: false,
      },
      async ({ word }: { word: string }) => `definition of ${word}: a rare migratory bird`,
    ).readOnly(),
  );
  r.register(
    new FnTool(
      "Secretive",
      "Answers without being recorded.",
      { type: "object", properties: {}, additionalProperties: false },
      async () => "classified output",
    ).withoutTrajectory(),
  );
  r.register(new SearchMemories({ store }));
  return r;
}

async function run(store: MemoryStore, script: ScriptStep[], task: string, sessionId: string) {
  const server = await ScriptedModelServer.start({ script });
  closers.push(() => server.close());
  const loop = new BareLoop({
    model: openaiChat({ baseUrl: server.openaiBaseUrl, model: "scripted" }),
    registry: registry(store),
    observers: [memoryObserver(store, { project: "birds", sessionId })],
  });
  const result = await loop.run(task);
  return { server, result };
}

describe("memoryObserver", () => {
  it("keeps the tasks of two concurrent runs sharing one observer apart", async () => {
    const store = MemoryStore.open(":memory:");
    closers.push(() => store.close());
    const shared = memoryObserver(store, { project: "birds", sessionId: "shared" });
    let bStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      bStarted = resolve;
    });
    // Run A starts first and answers only once run B has started its first turn.
    const serverA = await ScriptedModelServer.start({
      script: [
        async () => {
          await started;
          return { text: "A answer" };
        },
      ],
    });
    const serverB = await ScriptedModelServer.start({ script: [{ text: "B answer" }] });
    closers.push(
      () => serverA.close(),
      () => serverB.close(),
    );
    let aStarted: () => void = () => {};
    const startedA = new Promise<void>((resolve) => {
      aStarted = resolve;
    });
    const loopA = new BareLoop({
      model: openaiChat({ baseUrl: serverA.openaiBaseUrl, model: "scripted" }),
      registry: registry(store),
      observers: [shared, { onTurnStart: () => aStarted() }],
    });
    const loopB = new BareLoop({
      model: openaiChat({ baseUrl: serverB.openaiBaseUrl, model: "scripted" }),
      registry: registry(store),
      observers: [shared, { onTurnStart: () => bStarted() }],
    });
    closers.push(
      () => loopA.dispose(),
      () => loopB.dispose(),
    );
    const runA = loopA.run("task A");
    await startedA;
    await Promise.all([runA, loopB.run("task B")]);
    const runs = [...store.exportLines()]
      .map((l) => JSON.parse(l) as { kind: string; input: string; output: string })
      .filter((m) => m.kind === "run")
      .map((m) => [m.input, m.output])
      .sort();
    expect(runs).toEqual([
      ["task A", "A answer"],
      ["task B", "B answer"],
    ]);
  });

  it("records a real BareLoop's calls and run, and a second run finds them with SearchMemories", async () => {
    const store = MemoryStore.open(":memory:");
    closers.push(() => store.close());
    await run(
      store,
      [
        {
          toolCalls: [
            { name: "Lookup", input: { word: "godwit" } },
            { name: "Secretive", input: {} },
          ],
        },
        { text: "A godwit is a rare migratory bird." },
      ],
      "What is a godwit?",
      "first",
    );
    const memories = [...store.exportLines()].map((l) => JSON.parse(l));
    expect(memories).toMatchObject([
      {
        kind: "call",
        session: "first",
        project: "birds",
        tool: "Lookup",
        turn: 1,
        input: '{"word":"godwit"}',
        output: "definition of godwit: a rare migratory bird",
        isError: false,
      },
      {
        kind: "run",
        session: "first",
        project: "birds",
        input: "What is a godwit?",
        output: "A godwit is a rare migratory bird.",
      },
    ]);
    expect(JSON.stringify(memories)).not.toContain("classified");

    const { server } = await run(
      store,
      [{ toolCalls: [{ name: "SearchMemories", input: { query: "migratory" } }] }, { text: "found it" }],
      "What did we learn about birds?",
      "second",
    );
    const [result] = server.requests[1]?.toolResults ?? [];
    expect(result?.isError).toBe(false);
    expect(result?.text).toContain('2 memories match "migratory"');
    expect(result?.text).toContain("Lookup (session first, turn 1, project birds)");
    // The search itself was not recorded; its run was.
    const tools = [...store.exportLines()].map((l) => JSON.parse(l).tool);
    expect(tools).toEqual(["Lookup", undefined, undefined]);
  });

  it("keeps recording when the store fails, and reports the failure", async () => {
    const store = MemoryStore.open(":memory:");
    store.close();
    const errors: string[] = [];
    const server = await ScriptedModelServer.start({
      script: [{ toolCalls: [{ name: "Lookup", input: { word: "x" } }] }, { text: "ok" }],
    });
    closers.push(() => server.close());
    const loop = new BareLoop({
      model: openaiChat({ baseUrl: server.openaiBaseUrl, model: "scripted" }),
      registry: registry(MemoryStore.open(":memory:")),
      observers: [memoryObserver(store, { onError: (e) => errors.push(e.message) })],
    });
    const result = await loop.run("go");
    expect(result.text).toBe("ok");
    expect(errors).toEqual([
      "MemoryStore.recordMany: the store is closed",
      "MemoryStore.recordMany: the store is closed",
    ]);
  });
});
