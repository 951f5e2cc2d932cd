import { controlledTool, deferred, echoTool } from "@toolkit/test-kit";
import { createToolContext, FnTool, ToolError, type ToolOutput } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { dispatch } from "./dispatch.js";
import { type Middleware, MiddlewareError } from "./middleware.js";
import { ToolRegistry } from "../registry/tool-registry.js";

function registryWith(...tools: Parameters<ToolRegistry["register"]>[0][]) {
  const registry = new ToolRegistry({ logger: { warn() {} } });
  for (const t of tools) registry.register(t);
  return registry;
}

const text = (r: { output: ToolOutput }) => r.output.textContent();

describe("dispatch", () => {
  describe("when calls succeed", () => {
    it("answers each call in call order with its duration", async () => {
      const registry = registryWith(echoTool("a"), echoTool("b"));
      const results = await dispatch(registry, [
        { id: "1", name: "b", input: { v: 1 } },
        { id: "2", name: "a", input: { v: "x" } },
      ]);
      expect(results.map((r) => [r.id, r.name, text(r), r.output.isError])).toEqual([
        ["1", "b", "b:1", false],
        ["2", "a", 'a:"x"', false],
      ]);
      for (const r of results) expect(r.durationMs).toBeGreaterThanOrEqual(0);
    });
  });
  describe("when a call cannot run", () => {
    it("answers an unknown name with the available tools", async () => {
      const results = await dispatch(registryWith(echoTool("b"), echoTool("a")), [
        { id: "1", name: "zz", input: {} },
      ]);
      expect(results[0]?.output.isError).toBe(true);
      expect(text(results[0] as never)).toBe(
        "Tool not found: zz. Available: a, b\nCall one of the available tools by its exact name.",
      );
    });
    it("answers a name that was not advertised without running it", async () => {
      let ran = false;
      const hidden = new FnTool("hidden", "d", {}, () => {
        ran = true;
        return "";
      });
      const results = await dispatch(
        registryWith(echoTool("a"), hidden),
        [{ id: "1", name: "hidden", input: {} }],
        {
          advertised: ["a"],
        },
      );
      expect(text(results[0] as never)).toBe(
        "tool 'hidden' is not available. Available: a\nCall one of the available tools by its exact name.",
      );
      expect(ran).toBe(false);
    });
    it("leaves a tool removed after it was advertised out of the available list", async () => {
      const registry = registryWith(echoTool("a"), echoTool("b"));
      registry.remove("a");
      const [r] = await dispatch(registry, [{ id: "1", name: "a", input: {} }], { advertised: ["a", "b"] });
      expect(r?.output.textContent()).toBe(
        "Tool not found: a. Available: b\nCall one of the available tools by its exact name.",
      );
    });
    it("answers invalid input naming the field, before the pipeline runs the tool", async () => {
      const tool = new FnTool(
        "t",
        "d",
        { type: "object", properties: { n: { type: "number" } }, required: ["n"] },
        () => "ran",
      );
      const results = await dispatch(registryWith(tool), [{ id: "1", name: "t", input: { n: "1" } }]);
      expect(text(results[0] as never)).toBe(
        'Invalid input: `n` must be number, got string ("1")\nFix the arguments so they match the tool\'s input schema, then call it again.',
      );
    });
  });
  describe("when a tool fails", () => {
    it("turns a thrown exception into Tool 'x' threw", async () => {
      const tool = new FnTool("boom", "d", {}, () => {
        throw new Error("disk on fire");
      });
      const [r] = await dispatch(registryWith(tool), [{ id: "1", name: "boom", input: {} }]);
      expect(r?.output.isError).toBe(true);
      expect(r?.output.textContent()).toBe("Tool 'boom' threw: disk on fire");
    });
    it("turns a ToolError into its message and advice", async () => {
      const tool = new FnTool("perm", "d", {}, () => {
        throw ToolError.permission("no writes here");
      });
      const [r] = await dispatch(registryWith(tool), [{ id: "1", name: "perm", input: {} }]);
      expect(r?.output.textContent()).toBe(
        "Permission denied: no writes here\nDo not retry this call; choose an allowed action or ask the user for permission.",
      );
    });
    it("refuses a tool that returns something other than a ToolOutput", async () => {
      const bad = {
        ...echoTool("bad"),
        name: "bad",
        description: "d",
        schema: echoTool("bad").schema.bind(echoTool("bad")),
        call: async () => "raw" as never,
      };
      const [r] = await dispatch(registryWith(bad), [{ id: "1", name: "bad", input: {} }]);
      expect(r?.output.textContent()).toBe("Tool 'bad' threw: returned string instead of a ToolOutput");
    });
    it("keeps running the other calls", async () => {
      const boom = new FnTool("boom", "d", {}, () => {
        throw new Error("x");
      });
      const results = await dispatch(registryWith(boom, echoTool("a")), [
        { id: "1", name: "boom", input: {} },
        { id: "2", name: "a", input: {} },
      ]);
      expect(results.map((r) => r.output.isError)).toEqual([true, false]);
    });
  });
  describe("when a tool accepts aliases", () => {
    it("normalises the input before validating it", async () => {
      const seen: unknown[] = [];
      const tool = new FnTool(
        "read",
        "d",
        {
          type: "object",
          properties: { file_path: { type: "string" } },
          required: ["file_path"],
          additionalProperties: false,
        },
        (input) => {
          seen.push(input);
          return "ok";
        },
      );
      const aliased = Object.assign(tool, {
        normalizeInput: (input: unknown) => {
          const { path, ...rest } = input as { path?: string };
          return path === undefined ? input : { file_path: path, ...rest };
        },
      });
      const [r] = await dispatch(registryWith(aliased), [{ id: "1", name: "read", input: { path: "a.ts" } }]);
      expect(r?.output.textContent()).toBe("ok");
      expect(seen).toEqual([{ file_path: "a.ts" }]);
    });
    it("names a bad field as it was sent, in plain and strict mode", async () => {
      const tool = new FnTool(
        "read",
        "d",
        {
          type: "object",
          properties: { file_path: { type: "string" }, limit: { type: "integer" } },
          required: ["file_path"],
          additionalProperties: false,
        },
        () => "ok",
      );
      const aliased = Object.assign(tool, {
        normalizeInput: (input: unknown) => {
          const { path, ...rest } = input as { path?: unknown };
          return path === undefined ? input : { file_path: path, ...rest };
        },
      });
      for (const strict of [false, true]) {
        const [r] = await dispatch(
          registryWith(aliased),
          [{ id: "1", name: "read", input: strict ? { path: 7, limit: null } : { path: 7 } }],
          { strict },
        );
        expect(r?.output.textContent()).toBe(
          "Invalid input: `file_path` (sent as `path`) must be string, got integer (7)\nFix the arguments so they match the tool's input schema, then call it again.",
        );
      }
    });
  });
  describe("when the model was shown strict schemas", () => {
    it("validates against the strict schema and maps null back to absent", async () => {
      const seen: unknown[] = [];
      const tool = new FnTool(
        "opt",
        "d",
        {
          type: "object",
          properties: { path: { type: "string" }, limit: { type: "integer" } },
          required: ["path"],
        },
        (input) => {
          seen.push(input);
          return "ok";
        },
      );
      const results = await dispatch(
        registryWith(tool),
        [
          { id: "1", name: "opt", input: { path: "a", limit: null } },
          { id: "2", name: "opt", input: { path: "a" } },
        ],
        { strict: true },
      );
      expect(seen).toEqual([{ path: "a" }]);
      expect(text(results[1] as never)).toBe(
        "Invalid input: missing required field `limit` (expected integer or null)\nFix the arguments so they match the tool's input schema, then call it again.",
      );
    });
  });
  describe("when middleware is stacked", () => {
    it("runs the first middleware outermost and lets layers change input and output", async () => {
      const order: string[] = [];
      const outer: Middleware = async function outer(call, next) {
        order.push("outer in");
        const out = await next({ ...call, input: { v: "rewritten" } });
        order.push("outer out");
        return out.withText(`${out.textContent()}!`);
      };
      const inner: Middleware = async function inner(call, next) {
        order.push(`inner sees ${JSON.stringify(call.input)}`);
        const out = await next(call);
        order.push("inner out");
        return out;
      };
      const [r] = await dispatch(registryWith(echoTool("a")), [{ id: "1", name: "a", input: { v: 1 } }], {
        middleware: [outer, inner],
      });
      expect(order).toEqual(["outer in", 'inner sees {"v":"rewritten"}', "inner out", "outer out"]);
      expect(r?.output.textContent()).toBe('a:"rewritten"!');
    });
    it("refuses a second next() call and reports it as a soft failure", async () => {
      const twice: Middleware = async function twice(call, next) {
        await next(call);
        return next(call);
      };
      const [r] = await dispatch(registryWith(echoTool("a")), [{ id: "1", name: "a", input: {} }], {
        middleware: [twice],
      });
      expect(r?.output.textContent()).toBe(
        "Tool 'a' threw: middleware 'twice' called next() twice for call 1",
      );
      expect(new MiddlewareError("x").name).toBe("MiddlewareError");
    });
    it("shows rejected calls to middleware with the rejection set", async () => {
      const seen: Array<[string, string | undefined]> = [];
      const spy: Middleware = async function spy(call, next) {
        seen.push([call.name, call.rejection?.kind]);
        return next(call);
      };
      await dispatch(
        registryWith(echoTool("a")),
        [
          { id: "1", name: "a", input: {} },
          { id: "2", name: "nope", input: {} },
          { id: "3", name: "a", input: { extra: 1 } },
        ],
        { middleware: [spy] },
      );
      expect(seen).toEqual([
        ["a", undefined],
        ["nope", "NotFound"],
        ["a", "InvalidInput"],
      ]);
    });
  });
  describe("when running in parallel", () => {
    it("runs safe calls of one wave at the same time", async () => {
      const aStarted = deferred();
      const bStarted = deferred();
      const a = controlledTool("a", async () => {
        aStarted.resolve();
        await bStarted.promise;
        return "a";
      });
      const b = controlledTool("b", async () => {
        bStarted.resolve();
        await aStarted.promise;
        return "b";
      });
      // Sequential execution would deadlock here: each waits for the other to start.
      const results = await dispatch(
        registryWith(a, b),
        [
          { id: "1", name: "a", input: {} },
          { id: "2", name: "b", input: {} },
        ],
        { mode: "parallel" },
      );
      expect(results.map(text)).toEqual(["a", "b"]);
    });
    it("never runs more than maxConcurrency at once and returns results in call order", async () => {
      let active = 0;
      let peak = 0;
      const slow = controlledTool("slow", async (input) => {
        active++;
        peak = Math.max(peak, active);
        await new Promise((r) => setTimeout(r, 5));
        active--;
        return String(input.v);
      });
      const calls = Array.from({ length: 9 }, (_, i) => ({ id: String(i), name: "slow", input: { v: i } }));
      const results = await dispatch(registryWith(slow), calls, { mode: "parallel", maxConcurrency: 3 });
      expect(peak).toBe(3);
      expect(results.map(text)).toEqual(calls.map((c) => String(c.input.v)));
    });
    it("runs an unsafe call without a key alone, after the calls before it and before the calls after it", async () => {
      const log: string[] = [];
      const safe = controlledTool("safe", async (input) => {
        log.push(`safe ${input.v} start`);
        await new Promise((r) => setTimeout(r, 5));
        log.push(`safe ${input.v} end`);
        return "";
      });
      const unsafe = controlledTool(
        "unsafe",
        async () => {
          log.push("unsafe");
          return "";
        },
        { safe: false },
      );
      await dispatch(
        registryWith(safe, unsafe),
        [
          { id: "1", name: "safe", input: { v: 1 } },
          { id: "2", name: "unsafe", input: {} },
          { id: "3", name: "safe", input: { v: 3 } },
        ],
        { mode: "parallel" },
      );
      expect(log).toEqual(["safe 1 start", "safe 1 end", "unsafe", "safe 3 start", "safe 3 end"]);
    });
    it("runs [Read a, Edit a, Read a] so that the second Read sees the Edit", async () => {
      const files = new Map([["a", "old"]]);
      const keyOf = (input: { v?: unknown }) => (typeof input.v === "string" ? input.v : undefined);
      const read = controlledTool("Read", async (input) => {
        await new Promise((r) => setTimeout(r, 2));
        return files.get(String(input.v)) ?? "";
      }).withResourceKey(keyOf);
      const edit = controlledTool(
        "Edit",
        async (input) => {
          await new Promise((r) => setTimeout(r, 5));
          files.set(String(input.v), "new");
          return "edited";
        },
        { safe: false },
      ).withResourceKey(keyOf);
      const results = await dispatch(
        registryWith(read, edit),
        [
          { id: "1", name: "Read", input: { v: "a" } },
          { id: "2", name: "Edit", input: { v: "a" } },
          { id: "3", name: "Read", input: { v: "a" } },
        ],
        { mode: "parallel" },
      );
      expect(results.map(text)).toEqual(["old", "edited", "new"]);
    });
    it("refuses bad options", async () => {
      await expect(dispatch(registryWith(), [], { maxConcurrency: 0 })).rejects.toThrow(
        "`maxConcurrency` must be a positive integer, got 0",
      );
      await expect(dispatch(registryWith(), [], { mode: "fast" as never })).rejects.toThrow(
        '`mode` must be "sequential" or "parallel", got "fast"',
      );
    });
  });
  describe("when a tool is removed while its call runs", () => {
    it("finishes the running call and answers the next call as unknown", async () => {
      const registry = registryWith();
      const started = deferred();
      const release = deferred();
      registry.register(
        controlledTool("t", async () => {
          started.resolve();
          await release.promise;
          return "finished";
        }),
      );
      const running = dispatch(registry, [{ id: "1", name: "t", input: {} }]);
      await started.promise;
      expect(registry.remove("t")).toBe(true);
      release.resolve();
      expect((await running).map(text)).toEqual(["finished"]);
      const [after] = await dispatch(registry, [{ id: "2", name: "t", input: {} }]);
      expect(after?.output.textContent()).toMatch(/^Tool not found: t\. Available: none registered/);
    });
  });
  describe("when the signal fires mid-wave", () => {
    it("lets running calls see it and answers calls not yet started Cancelled", async () => {
      const controller = new AbortController();
      const ctx = createToolContext({ signal: controller.signal });
      const started = deferred();
      const running = controlledTool("running", (_i, c) => {
        started.resolve();
        return new Promise((resolve) => {
          c.signal.addEventListener("abort", () => resolve("saw abort"), { once: true });
        });
      });
      const later = controlledTool("later", async () => "should not run", { safe: false });
      const pending = dispatch(
        registryWith(running, later),
        [
          { id: "1", name: "running", input: {} },
          { id: "2", name: "later", input: {} },
          { id: "3", name: "later", input: {} },
        ],
        { mode: "parallel", ctx },
      );
      await started.promise;
      controller.abort();
      const results = await pending;
      expect(results.map(text)).toEqual([
        "saw abort",
        "Cancelled\nThe call was cancelled; stop and wait for the user's next instruction.",
        "Cancelled\nThe call was cancelled; stop and wait for the user's next instruction.",
      ]);
    });
    it("answers a tool's AbortError after cancellation as Cancelled", async () => {
      const controller = new AbortController();
      const tool = controlledTool("t", async (_i, c) => {
        controller.abort();
        c.signal.throwIfAborted();
        return "";
      });
      const [r] = await dispatch(registryWith(tool), [{ id: "1", name: "t", input: {} }], {
        ctx: createToolContext({ signal: controller.signal }),
      });
      expect(r?.output.textContent()).toMatch(/^Cancelled\n/);
    });
  });
});
