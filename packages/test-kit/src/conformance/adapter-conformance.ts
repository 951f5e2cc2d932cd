import { createToolContext, FnTool, type ToolContext, ToolError, ToolOutput } from "@toolkit/core";
import { ToolRegistry } from "@toolkit/registry";
import { describe, expect, it } from "vitest";
import { deferred } from "../async/deferred.js";
import { calculator } from "../tools/calculator.js";

/** One call as the host would make it. */
export interface HostCall {
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
  readonly signal?: AbortSignal;
}

/** What the host made of a call, read back out of the host's own terms. */
export interface HostReply {
  /** True when the host itself records the call as failed (its error status, error type or error span). */
  readonly failed: boolean;
  /** The text the model reads. */
  readonly text: string;
  /** The structured value the host keeps beside the text, if it keeps one. */
  readonly structured?: unknown;
  /** The images the model is shown. */
  readonly images: readonly { readonly mediaType: string; readonly data: string }[];
}

/** A host adapter, driven without a model: build its tools, then invoke one the way the host does. */
export interface AdapterHost<Tools = unknown> {
  /** The host's name, for test titles. */
  readonly name: string;
  /** Adapts the registry into the host's tools. */
  adapt(registry: ToolRegistry, ctx: ToolContext): Tools;
  /** Invokes the adapted tool `call.name` through the host's own entry point and reads the reply. */
  call(tools: Tools, call: HostCall): Promise<HostReply>;
  /**
   * False for a host whose tool results carry no structured value (the
   * OpenAI Agents SDK sends text only); the suite then checks the text alone.
   */
  readonly keepsStructured?: boolean;
}

const PNG = "iVBORw0KGgo=";

function registryOf(...tools: FnTool<Record<string, unknown>>[]): ToolRegistry {
  const registry = new ToolRegistry({ logger: { warn() {} } });
  for (const tool of tools) registry.register(tool);
  return registry;
}

function tool(name: string, body: (input: Record<string, unknown>, ctx: ToolContext) => unknown) {
  return new FnTool<Record<string, unknown>>(
    name,
    `Test tool ${name}.`,
    { type: "object", properties: {} },
    body,
  );
}

/**
 * The behaviour every host adapter shares, as one vitest suite: a plain
 * round trip, a soft failure the host marks as failed with the advice text
 * kept, a tool that throws, structured output, images, cancellation, input validation and a
 * tool that is gone from the registry. Call it at the top level of a test
 * file with the host's driver; host-specific behaviour stays in the
 * adapter's own tests.
 */
export function adapterConformance<Tools>(host: AdapterHost<Tools>): void {
  const ctx = createToolContext({ cwd: "/tmp", isNonInteractive: true });
  const call = (tools: Tools, name: string, input: unknown, signal?: AbortSignal) =>
    host.call(tools, { id: "call-1", name, input, ...(signal ? { signal } : {}) });

  describe(`adapter conformance: ${host.name}`, () => {
    it("runs a plain tool and gives the model its text", async () => {
      const reply = await call(host.adapt(calculator(), ctx), "add", { a: 2, b: 3 });
      expect(reply).toMatchObject({ failed: false, text: "5", images: [] });
    });

    it("marks a soft failure as failed in the host's terms and keeps the advice", async () => {
      const refusal = ToolError.permission("not today");
      const registry = registryOf(
        tool("deny", () => {
          throw refusal;
        }),
      );
      const reply = await call(host.adapt(registry, ctx), "deny", {});
      expect(reply.failed).toBe(true);
      expect(reply.text).toBe(refusal.modelText());
    });

    it("marks a tool that throws as failed with `Tool 'x' threw: ...`", async () => {
      const registry = registryOf(
        tool("explode", () => {
          throw new Error("boom");
        }),
      );
      const reply = await call(host.adapt(registry, ctx), "explode", {});
      expect(reply).toMatchObject({ failed: true, text: "Tool 'explode' threw: boom" });
    });

    it("keeps a structured value beside the text", async () => {
      const value = { results: [{ title: "Toolkit" }] };
      const registry = registryOf(tool("search", () => ToolOutput.text("1. Toolkit").withStructured(value)));
      const reply = await call(host.adapt(registry, ctx), "search", {});
      expect(reply.failed).toBe(false);
      expect(reply.text).toBe("1. Toolkit");
      if (host.keepsStructured !== false) expect(reply.structured).toEqual(value);
    });

    it("shows the model an image with its media type", async () => {
      const registry = registryOf(
        tool("shot", () =>
          ToolOutput.multipart([
            { type: "text", text: "the page" },
            { type: "image", data: PNG, mediaType: "image/png" },
          ]),
        ),
      );
      const reply = await call(host.adapt(registry, ctx), "shot", {});
      expect(reply).toMatchObject({ failed: false, text: "the page" });
      expect(reply.images).toEqual([{ mediaType: "image/png", data: PNG }]);
    });

    it("passes the host's abort to the running tool, with its reason", async () => {
      const started = deferred();
      const stopped = deferred<unknown>();
      const registry = registryOf(
        tool("wait", (_input, toolCtx) => {
          started.resolve();
          return new Promise<string>((resolve) => {
            toolCtx.signal.addEventListener("abort", () => {
              stopped.resolve(toolCtx.signal.reason);
              resolve("stopped");
            });
          });
        }),
      );
      const controller = new AbortController();
      const running = call(host.adapt(registry, ctx), "wait", {}, controller.signal);
      await started.promise;
      controller.abort(new Error("user pressed stop"));
      expect(await stopped.promise).toEqual(new Error("user pressed stop"));
      await running.catch(() => undefined);
      expect(ctx.signal.aborted).toBe(false);
    });

    it("refuses input that breaks the schema, naming the field, without running the tool", async () => {
      let ran = false;
      const registry = calculator();
      const add = registry.get("add");
      registry.register(
        new FnTool("add", "Adds two integers.", add?.schema().input_schema ?? {}, () => {
          ran = true;
          return "ran";
        }),
        { replace: true },
      );
      const reply = await call(host.adapt(registry, ctx), "add", { a: "two", b: 3 });
      expect(reply.failed).toBe(true);
      expect(reply.text).toBe(
        'Invalid input: `a` must be an integer, got string ("two")\nFix the arguments so they match the tool\'s input schema, then call it again.',
      );
      expect(ran).toBe(false);
    });

    it("answers a call to a tool removed since adapting as a failure naming it", async () => {
      const registry = calculator();
      const tools = host.adapt(registry, ctx);
      registry.remove("add");
      const reply = await call(tools, "add", { a: 1, b: 2 });
      expect(reply.failed).toBe(true);
      expect(reply.text).toContain("add");
    });
  });
}
