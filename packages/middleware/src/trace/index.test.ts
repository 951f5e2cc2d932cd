import { fnTool, registryWith, runOne } from "@toolkit/test-kit";
import "./otel-test-setup.js";
import { ProxyTracer, type Tracer, trace as otelTrace } from "@opentelemetry/api";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { ToolError } from "@toolkit/core";
import { describe, expect, it, vi } from "vitest";
import { trace } from "./index.js";

// See otel-test-setup.ts: every import of the API gets the CommonJS build loaded there.
vi.mock("@opentelemetry/api", async () => (await import("./otel-test-setup.js")).otelApi);

function recorder(): { tracer: Tracer; exporter: InMemorySpanExporter } {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  return { tracer: provider.getTracer("test"), exporter };
}

const reg = () =>
  registryWith(
    fnTool("ok", () => "fine"),
    fnTool("boom", () => {
      throw new Error("secret sk-should-not-appear");
    }),
    fnTool("deny", () => {
      throw ToolError.permission("nope");
    }),
    fnTool("n", () => "x", { n: { type: "number" } }),
  );

describe("trace", () => {
  describe("when a call succeeds", () => {
    it("emits one span with the tool name, call id, turn and duration", async () => {
      const { tracer, exporter } = recorder();
      await runOne(reg(), [trace({ tracer })], { name: "ok", input: {}, id: "call_7" }, { turn: 3 });
      const [span, ...rest] = exporter.getFinishedSpans();
      expect(rest).toEqual([]);
      expect(span?.name).toBe("execute_tool ok");
      expect(span?.status.code).toBe(0);
      expect(span?.attributes).toMatchObject({
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "ok",
        "gen_ai.tool.call.id": "call_7",
        "toolkit.turn": 3,
        "toolkit.tool.rejected": false,
      });
      expect(span?.attributes["toolkit.tool.duration_ms"]).toBeTypeOf("number");
      expect(span?.attributes["error.type"]).toBeUndefined();
    });
  });

  describe("when a call fails", () => {
    it.each([
      ["boom", "Error"],
      ["deny", "Permission"],
    ])("marks the span of %s as an error of type %s without recording the message", async (name, type) => {
      const { tracer, exporter } = recorder();
      const r = await runOne(reg(), [trace({ tracer })], { name, input: {} });
      expect(r.output.isError).toBe(true);
      const [span] = exporter.getFinishedSpans();
      expect(span?.status).toEqual({ code: 2, message: type });
      expect(span?.attributes["error.type"]).toBe(type);
      expect(JSON.stringify(span?.attributes)).not.toContain("sk-should");
      expect(span?.events).toEqual([]);
    });
  });

  describe("when a call is rejected", () => {
    it.each([
      [{ name: "missing", input: {} }, "NotFound"],
      [{ name: "n", input: { n: "1" } }, "InvalidInput"],
    ])("traces it as rejected with the rejection kind (%j)", async (call, kind) => {
      const { tracer, exporter } = recorder();
      await runOne(reg(), [trace({ tracer })], call);
      const [span] = exporter.getFinishedSpans();
      expect(span?.attributes["toolkit.tool.rejected"]).toBe(true);
      expect(span?.attributes["error.type"]).toBe(kind);
    });
  });

  describe("when no tracer is given", () => {
    it("uses the global provider's tracer", async () => {
      const { exporter } = recorder();
      const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
      otelTrace.setGlobalTracerProvider(provider);
      try {
        await runOne(reg(), [trace()], { name: "ok", input: {} });
        expect(exporter.getFinishedSpans()[0]?.instrumentationScope.name).toBe("@toolkit/middleware");
      } finally {
        otelTrace.disable();
      }
    });
  });

  describe("when no SDK is registered yet", () => {
    it("makes no span, then traces once a provider is registered later", async () => {
      const layer = trace();
      const startActiveSpan = vi.spyOn(ProxyTracer.prototype, "startActiveSpan");
      const before = await runOne(reg(), [layer], { name: "ok", input: {} });
      expect(before.output.textContent()).toBe("fine");
      expect(startActiveSpan).not.toHaveBeenCalled();
      startActiveSpan.mockRestore();
      const { exporter } = recorder();
      otelTrace.setGlobalTracerProvider(
        new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
      );
      try {
        await runOne(reg(), [layer], { name: "ok", input: {}, id: "later" });
        expect(exporter.getFinishedSpans().map((s) => s.attributes["gen_ai.tool.call.id"])).toEqual([
          "later",
        ]);
      } finally {
        otelTrace.disable();
      }
    });
  });

  describe("when options are wrong", () => {
    it("throws a TypeError naming the tracer option", () => {
      expect(() => trace({ tracer: {} as Tracer })).toThrow(
        new TypeError("trace: `tracer` must be an OpenTelemetry Tracer, got object"),
      );
    });
  });
});
