import { existsSync } from "node:fs";
import { mkdtemp, readdir, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Retention, ToolOutput } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import type { ScriptStep } from "../test/script.js";
import type { BareLoop } from "./bare-loop.js";
import type { BareLoopOptions } from "./loop-options.js";
import { DIALECTS, echo, registryOf, rejection, tool, useLoopHarness } from "./test-kit.js";

const setupLoop = useLoopHarness();

describe.each(DIALECTS)("BareLoop session ($dialect)", ({ client }) => {
  const setup = (script: ScriptStep[], options: Omit<BareLoopOptions, "model">) =>
    setupLoop(client, script, options);

  describe("when the run is cancelled while a tool runs", () => {
    it("lets the tool see the signal and rejects with Cancelled", async () => {
      const controller = new AbortController();
      let sawAbort = false;
      const waiter = tool("wait", (_input, ctx) => {
        setTimeout(() => controller.abort(), 10);
        return new Promise((_, reject) => {
          ctx.signal.addEventListener("abort", () => {
            sawAbort = true;
            reject(Object.assign(new Error("stopped"), { name: "AbortError" }));
          });
        });
      });
      const { server, loop } = await setup(
        [{ toolCalls: [{ name: "wait", input: { v: "x" } }] }, { text: "no" }],
        {
          registry: registryOf(waiter),
        },
      );
      const error = await rejection(loop.run("go", { signal: controller.signal }));
      expect(error.kind).toBe("Cancelled");
      expect(sawAbort).toBe(true);
      expect(server.requests).toHaveLength(1);
    });

    it("aborts a model request in flight", async () => {
      const controller = new AbortController();
      const { loop } = await setup([{ text: "late", delayMs: 5_000 }], {
        registry: registryOf(echo("echo")),
      });
      setTimeout(() => controller.abort(), 20);
      const started = Date.now();
      const error = await rejection(loop.run("go", { signal: controller.signal }));
      expect(error.kind).toBe("Cancelled");
      expect(Date.now() - started).toBeLessThan(2_000);
    });
  });

  describe("when a tool is registered mid-run", () => {
    it("advertises it on the next request and tells observers", async () => {
      const registry = registryOf();
      registry.register(
        tool("install", () => {
          registry.register(echo("late"));
          return "installed";
        }),
      );
      const diffs: unknown[] = [];
      const versions: number[] = [];
      const { server, loop } = await setup(
        [
          { toolCalls: [{ name: "install", input: { v: "x" } }] },
          { toolCalls: [{ name: "late", input: { v: "y" } }] },
          { text: "ok" },
        ],
        {
          registry,
          observers: [
            { onToolSurfaceChanged: (d) => diffs.push(d), onRequest: (e) => versions.push(e.surfaceVersion) },
          ],
        },
      );
      const result = await loop.run("go");
      expect(server.requests[0]?.toolNames).toEqual(["install"]);
      expect(server.requests[1]?.toolNames).toEqual(["install", "late"]);
      expect(server.requests[2]?.toolResults[0]?.text).toBe("late:y");
      expect(diffs).toEqual([
        { version: 2, added: ["late"], removed: [], replaced: [], runId: result.runId },
      ]);
      expect(versions).toEqual([1, 2, 2]);
    });
  });

  describe("when a tool is registered through loop.toolRegistry()", () => {
    it("returns the loop's own registry, and a tool added through it is advertised next turn", async () => {
      const registry = registryOf(echo("echo"));
      let handle: ReturnType<BareLoop["toolRegistry"]> | undefined;
      registry.register(
        tool("install", () => {
          handle?.register(echo("late"));
          return "installed";
        }),
      );
      const { server, loop } = await setup(
        [{ toolCalls: [{ name: "install", input: { v: "x" } }] }, { text: "ok" }],
        { registry },
      );
      handle = loop.toolRegistry();
      expect(handle).toBe(registry);
      await loop.run("go");
      expect(server.requests[1]?.toolNames).toEqual(["echo", "install", "late"]);
    });
  });

  describe("when the window passes the budget", () => {
    it("evicts requery results first and never durable ones", async () => {
      const big = (tag: string) => `${tag}-${"x".repeat(2_000)}`;
      const registry = registryOf(
        tool("requery", (i) => ToolOutput.text(big(`R${i.v}`)).withRetention(Retention.Requery)),
        tool("durable", (i) => ToolOutput.text(big(`D${i.v}`)).withRetention(Retention.Durable)),
      );
      const { server, loop } = await setup(
        [
          { toolCalls: [{ name: "durable", input: { v: "1" } }] },
          { toolCalls: [{ name: "requery", input: { v: "1" } }] },
          { toolCalls: [{ name: "requery", input: { v: "2" } }] },
          { text: "ok" },
        ],
        { registry, contextBudgetTokens: 1_200 },
      );
      const result = await loop.run("go");
      const last = server.requests[3]?.body ?? "";
      expect(last).toContain(big("D1"));
      expect(last).not.toContain(big("R1"));
      expect(last).toContain(big("R2"));
      expect(last).toContain(
        "[The result of this requery call was removed to save context. Call the tool again if you need it.]",
      );
      expect(result.messages.filter((m) => m.role === "tool")).toHaveLength(3);
    });
  });

  describe("when the session ends", () => {
    it("creates the temp dir at start and removes it, running cleanups, on dispose", async () => {
      const base = await mkdtemp(join(tmpdir(), "loop-temp-"));
      let seen = "";
      let cleaned = false;
      const { loop } = await setup(
        [{ toolCalls: [{ name: "scratch", input: { v: "x" } }] }, { text: "ok" }],
        {
          registry: registryOf(
            tool("scratch", async (_i, ctx) => {
              seen = ctx.tempDir;
              ctx.onDispose(() => {
                cleaned = true;
              });
              return (await stat(ctx.tempDir)).isDirectory() ? "dir ready" : "no dir";
            }),
          ),
        },
      );
      loop.withTempDir(base);
      const result = await loop.run("go");
      expect(seen).toBe(join(base, `toolkit-${loop.sessionId}`));
      expect(result.toolCalls[0]?.isError).toBe(false);
      expect(await readdir(base)).toEqual([`toolkit-${loop.sessionId}`]);
      await loop.dispose();
      expect(cleaned).toBe(true);
      expect(existsSync(seen)).toBe(false);
      await expect(loop.run("again")).rejects.toThrow(/disposed/);
    });

    it("leaves the temp dir alone when managing it is disabled", async () => {
      const base = await mkdtemp(join(tmpdir(), "loop-temp-"));
      const { loop } = await setup([{ text: "ok" }], { registry: registryOf() });
      loop.withTempDir(base).withManagedTempDisabled();
      await loop.run("go");
      expect(await readdir(base)).toEqual([]);
      await loop.dispose();
    });

    it("disposes through Symbol.asyncDispose", async () => {
      const { loop } = await setup([{ text: "ok" }], { registry: registryOf() });
      await loop.run("go");
      const dir = loop.tempDir ?? "";
      expect(existsSync(dir)).toBe(true);
      await loop[Symbol.asyncDispose]();
      expect(existsSync(dir)).toBe(false);
    });
  });
});
