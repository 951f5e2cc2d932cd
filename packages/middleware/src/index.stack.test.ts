import { registryWith } from "@toolkit/test-kit";
import "./trace/otel-test-setup.js";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { createToolContext, FnTool, ToolOutput } from "@toolkit/core";
import { hostileThrownValues } from "@toolkit/core/test";
import fc from "fast-check";
import { dispatch } from "@toolkit/registry";
import { describe, expect, it, vi } from "vitest";
import { type ApprovalAnswer, approvals } from "./approvals/index.js";
import { MemoryApprovalStore } from "./approvals/approval-store.js";
import { memoize } from "./memoize/index.js";
import { outputLimit } from "./output-limit/index.js";
import { permissions } from "./permissions/index.js";
import { redact } from "./redact/index.js";
import { retry } from "./retry/index.js";
import { timeout } from "./timeout/index.js";
import { trace } from "./trace/index.js";
import { unknownToolHints } from "./unknown-tool-hints/index.js";

// See trace/otel-test-setup.ts.
vi.mock("@opentelemetry/api", async () => (await import("./trace/otel-test-setup.js")).otelApi);

const SECRET = "ghp_abcdefghijklmnopqrstuvwxyz0123456789";

/** Every layer, in the order the README recommends, around a small world of tools. */
function stack(answers: ApprovalAnswer[] = []) {
  const exporter = new InMemorySpanExporter();
  const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer(
    "t",
  );
  const runs: Record<string, number> = {};
  const count = (name: string) => {
    runs[name] = (runs[name] ?? 0) + 1;
    return runs[name];
  };
  let flakyFailures = 2;
  let hostile: () => unknown = () => new Error("unset");
  const pathSchema = {
    type: "object",
    properties: { file_path: { type: "string" } },
    required: ["file_path"],
  };
  const registry = registryWith(
    new FnTool<{ file_path: string }>("Read", "Reads.", pathSchema, (i) => `${i.file_path} #${count("Read")}`)
      .readOnly()
      .concurrencySafe(),
    new FnTool<{ file_path: string }>("Write", "Writes.", pathSchema, () => `written #${count("Write")}`),
    new FnTool("Env", "Prints the environment.", { type: "object" }, () => {
      count("Env");
      return `${"x".repeat(600)}\nTOKEN=${SECRET}\n${"y".repeat(600)}`;
    }).readOnly(),
    new FnTool("Flaky", "Fails twice.", { type: "object" }, () => {
      count("Flaky");
      if (flakyFailures-- > 0) throw new Error("ECONNRESET");
      return "recovered";
    }).idempotent(),
    new FnTool("Hostile", "Throws what the test says.", { type: "object" }, () => {
      count("Hostile");
      throw hostile();
    }).idempotent(),
    new FnTool("Hang", "Never ends.", { type: "object" }, (_i, ctx) => {
      count("Hang");
      return new Promise((resolve) => ctx.signal.addEventListener("abort", () => resolve("aborted")));
    }),
  );
  const asked: string[] = [];
  const middleware = [
    trace({ tracer }),
    unknownToolHints(),
    outputLimit({ maxBytes: 512 }),
    redact(),
    permissions({
      rules: { deny: ["Read(**/*.env)"], allow: ["Read", "Env", "Flaky", "Hang", "Hostile"] },
      mode: "ask",
      ask: () => true,
    }),
    approvals({
      ask: ({ call }) => {
        asked.push(call.name);
        const answer = answers.shift();
        if (!answer) throw new Error(`unexpected approval question for ${call.name}`);
        return answer;
      },
      store: new MemoryApprovalStore(),
      exempt: (call) => call.name !== "Write",
    }),
    timeout({ seconds: 10, perTool: { Hang: 0.05 } }),
    memoize(),
    retry({ attempts: 3, baseMs: 1, jitter: false }),
  ];
  const ctx = createToolContext({ cwd: "/repo", isNonInteractive: true });
  const run = (calls: { name: string; input: unknown }[]) =>
    dispatch(
      registry,
      calls.map((c, i) => ({ id: `c${i}`, ...c })),
      { middleware, ctx, mode: "parallel" },
    );
  const throwNext = (make: () => unknown) => {
    hostile = make;
  };
  return { run, runs, asked, exporter, throwNext };
}

describe("the full stack", () => {
  describe("when calls succeed", () => {
    it("memoizes repeated reads, evicts them on a write and traces every call", async () => {
      const s = stack(["tool"]);
      const first = await s.run([
        { name: "Read", input: { file_path: "a.ts" } },
        { name: "Read", input: { file_path: "b.ts" } },
      ]);
      const second = await s.run([{ name: "Read", input: { file_path: "a.ts" } }]);
      await s.run([{ name: "Write", input: { file_path: "a.ts" } }]);
      const third = await s.run([{ name: "Read", input: { file_path: "a.ts" } }]);
      expect(first.map((r) => r.output.textContent())).toEqual(["a.ts #1", "b.ts #2"]);
      expect(second[0]?.output.textContent()).toBe("a.ts #1");
      expect(second[0]?.output.meta.memoized).toBe(true);
      expect(third[0]?.output.textContent()).toBe("a.ts #3");
      expect(s.asked).toEqual(["Write"]);
      expect(s.exporter.getFinishedSpans().map((span) => span.name)).toEqual([
        "execute_tool Read",
        "execute_tool Read",
        "execute_tool Read",
        "execute_tool Write",
        "execute_tool Read",
      ]);
    });

    it("redacts before cutting, so no part of a secret survives the cut, and traces no secret", async () => {
      const s = stack();
      const [r] = await s.run([{ name: "Env", input: {} }]);
      const text = r?.output.textContent() ?? "";
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(512);
      expect(text).not.toContain("ghp_");
      expect(r?.output.meta).toMatchObject({ redacted: 1, outputLimit: { totalBytes: 1231 } });
      expect(JSON.stringify(s.exporter.getFinishedSpans().map((sp) => sp.attributes))).not.toContain("ghp_");
    });

    it("retries an idempotent tool inside the timeout", async () => {
      const s = stack();
      const [r] = await s.run([{ name: "Flaky", input: {} }]);
      expect(r?.output.textContent()).toBe("recovered");
      expect(s.runs.Flaky).toBe(3);
    });
  });

  describe("when calls fail", () => {
    it("answers each failure softly, in call order, and marks each span", async () => {
      const s = stack(["deny"]);
      const results = await s.run([
        { name: "Read", input: { file_path: "prod.env" } },
        { name: "Write", input: { file_path: "a.ts" } },
        { name: "Raed", input: { file_path: "a.ts" } },
        { name: "Read", input: { file_path: 42 } },
        { name: "Hang", input: {} },
      ]);
      expect(results.map((r) => r.output.textContent().split("\n")[0])).toEqual([
        'Permission denied: Read on "prod.env" matches the deny rule `Read(**/*.env)`.',
        "Permission denied: the user did not approve this call to 'Write'.",
        "Tool not found: Raed. Available: Env, Flaky, Hang, Hostile, Read, Write",
        "Invalid input: `file_path` must be string, got integer (42)",
        "Tool 'Hang' timed out after 0.05s",
      ]);
      expect(results.every((r) => r.output.isError)).toBe(true);
      expect(results[2]?.output.textContent()).toMatch(/\nDid you mean 'Read'\?$/);
      expect(s.runs).toEqual({ Hang: 1 });
      expect(s.asked).toEqual(["Write"]);
      const spans = new Map(
        s.exporter.getFinishedSpans().map((sp) => [sp.attributes["gen_ai.tool.call.id"], sp]),
      );
      expect(["c0", "c1", "c2", "c3", "c4"].map((id) => spans.get(id)?.attributes["error.type"])).toEqual([
        "Permission",
        "Permission",
        "NotFound",
        "InvalidInput",
        "Timeout",
      ]);
      expect(spans.get("c2")?.attributes["toolkit.tool.rejected"]).toBe(true);
    });

    it("answers Cancelled for running and waiting calls when the session is cancelled mid-wave", async () => {
      const controller = new AbortController();
      let started = 0;
      const waitForAbort = new FnTool("Wait", "Waits.", { type: "object" }, (_i, ctx) => {
        started++;
        if (started === 2) setTimeout(() => controller.abort(), 5);
        return new Promise((_, reject) =>
          ctx.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
        );
      })
        .readOnly()
        .concurrencySafe();
      const exporter = new InMemorySpanExporter();
      const tracer = new BasicTracerProvider({
        spanProcessors: [new SimpleSpanProcessor(exporter)],
      }).getTracer("t");
      const middleware = [trace({ tracer }), timeout({ seconds: 5 }), memoize(), retry({ baseMs: 1 })];
      const results = await dispatch(
        registryWith(waitForAbort),
        [0, 1, 2].map((i) => ({ id: `w${i}`, name: "Wait", input: { i } })),
        {
          middleware,
          mode: "parallel",
          maxConcurrency: 2,
          ctx: createToolContext({ signal: controller.signal }),
        },
      );
      expect(results.map((r) => r.output.textContent().split("\n")[0])).toEqual([
        "Cancelled",
        "Cancelled",
        "Cancelled",
      ]);
      expect(started).toBe(2);
      expect(exporter.getFinishedSpans()).toHaveLength(2);
    });

    it("never caches a failure", async () => {
      const s = stack();
      await s.run([{ name: "Read", input: { file_path: "x.env" } }]);
      const [r] = await s.run([{ name: "Read", input: { file_path: "x.env" } }]);
      expect(r?.output.meta.memoized).toBeUndefined();
      expect(ToolOutput.is(r?.output)).toBe(true);
    });
  });
  describe("when a tool throws a value that fights back", () => {
    it("answers a soft failure through every layer and never rejects", async () => {
      const s = stack();
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...hostileThrownValues()), fc.string(), async (thrown, text) => {
          s.throwNext(() => thrown.make(text));
          const [result] = await s.run([{ name: "Hostile", input: {} }]);
          expect(ToolOutput.is(result?.output)).toBe(true);
          expect(result?.output.isError).toBe(true);
        }),
        { numRuns: 60 },
      );
    });
    it("never shows a secret held by a message that cannot be read", async () => {
      const s = stack();
      s.throwNext(() =>
        Object.defineProperty(new Error(SECRET), "message", {
          get() {
            throw new Error(`token ${SECRET}`);
          },
        }),
      );
      const [result] = await s.run([{ name: "Hostile", input: {} }]);
      expect(result?.output.textContent()).toBe("Tool 'Hostile' threw: [object Error]");
    });
  });
});
