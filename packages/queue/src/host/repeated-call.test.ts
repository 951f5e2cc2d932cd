import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createToolContext, FnTool, type JsonSchema } from "@toolkit/core";
import { dispatch, ToolRegistry } from "@toolkit/registry";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisTestsEnabled, startRedis, type TestRedis, TEST_SECRET } from "../testing/test-redis.js";
import { waitFor } from "../testing/test-setup.js";
import { startToolWorker, type ToolWorker } from "../worker/start-tool-worker.js";
import { type RemoteRegistry, remoteRegistry } from "./remote-registry.js";
import { type RemoteToolsMiddleware, remoteTools } from "./remote-tools.js";

const QUEUE = "repeat";

describe.runIf(redisTestsEnabled())("remoteTools", () => {
  let redis: TestRedis;
  let dir: string;
  let file: string;
  let worker: ToolWorker;
  let registry: RemoteRegistry;
  const remotes: RemoteToolsMiddleware[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    dir = mkdtempSync(join(tmpdir(), "toolkit-queue-repeat-"));
    file = join(dir, "appended.log");
    writeFileSync(file, "");
    const append = (input: { tag: string; sleepMs?: number }): Promise<string> =>
      sleep(input.sleepMs ?? 0).then(() => {
        appendFileSync(file, `${input.tag}\n`);
        return `appended ${input.tag}`;
      });
    const schema: JsonSchema = {
      type: "object",
      properties: { tag: { type: "string" }, sleepMs: { type: "number" } },
      required: ["tag"],
    };
    const tools = new ToolRegistry();
    tools.register(new FnTool("AppendOnce", "Appends its tag to a file.", schema, append));
    tools.register(new FnTool("AppendIdem", "Appends its tag to a file.", schema, append).idempotent());
    worker = await startToolWorker({
      registry: tools,
      connection: redis.connection,
      secret: TEST_SECRET,
      queue: QUEUE,
    });
    registry = await remoteRegistry({ connection: redis.connection, secret: TEST_SECRET, queue: QUEUE });
    await waitFor(() => registry.toolNames().length === 2, "the tools to be advertised");
  });
  afterAll(async () => {
    for (const r of remotes) await r.close();
    await registry?.close();
    await worker?.close();
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A fresh host: its own remoteTools, so nothing is shared in memory with the first send. */
  const host = (): RemoteToolsMiddleware => {
    const r = remoteTools({
      connection: redis.connection,
      secret: TEST_SECRET,
      queue: QUEUE,
      timeoutMs: 10_000,
    });
    remotes.push(r);
    return r;
  };
  const send = async (remote: RemoteToolsMiddleware, name: string, id: string, input: object) => {
    const [result] = await dispatch(registry, [{ id, name, input }], {
      middleware: [remote],
      ctx: createToolContext({ sessionId: "s-repeat" }),
    });
    return result?.output.textContent();
  };
  const appended = (tag: string): number =>
    readFileSync(file, "utf8")
      .split("\n")
      .filter((l) => l === tag).length;

  describe.each(["AppendOnce", "AppendIdem"])("when the same %s call comes again", (name) => {
    it("after it finished, from the same host: answers it from the stored answer and runs it once", async () => {
      const remote = host();
      const tag = `${name}-done-same`;
      expect(await send(remote, name, `${tag}-id`, { tag })).toBe(`appended ${tag}`);
      expect(await send(remote, name, `${tag}-id`, { tag })).toBe(`appended ${tag}`);
      expect(appended(tag)).toBe(1);
    });

    it("after it finished, from another host: answers it from the stored answer and runs it once", async () => {
      const tag = `${name}-done-other`;
      expect(await send(host(), name, `${tag}-id`, { tag })).toBe(`appended ${tag}`);
      expect(await send(host(), name, `${tag}-id`, { tag })).toBe(`appended ${tag}`);
      expect(appended(tag)).toBe(1);
    });

    it("while it is in flight, from two hosts: both get the one answer, and it runs once", async () => {
      const tag = `${name}-flight`;
      const both = await Promise.all([
        send(host(), name, `${tag}-id`, { tag, sleepMs: 300 }),
        send(host(), name, `${tag}-id`, { tag, sleepMs: 300 }),
      ]);
      expect(both).toEqual([`appended ${tag}`, `appended ${tag}`]);
      expect(appended(tag)).toBe(1);
    });
  });

  describe("when the call comes without remoteTools (the registry's tools' own call())", () => {
    it("runs it each time: a tool's call() is given no call id, so each is a new call", async () => {
      const tag = "no-middleware";
      const ctx = createToolContext({ sessionId: "s-repeat" });
      for (let i = 0; i < 2; i++) {
        const [result] = await dispatch(registry, [{ id: "same-id", name: "AppendOnce", input: { tag } }], {
          ctx,
        });
        expect(result?.output.textContent()).toBe(`appended ${tag}`);
      }
      expect(appended(tag)).toBe(2);
    });
  });
});
