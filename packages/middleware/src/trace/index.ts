import { performance } from "node:perf_hooks";
import { ToolError, type ToolOutput, toolErrorOf } from "@toolkit/core";
import type { DispatchCall, Middleware, Next } from "@toolkit/registry";
import { badOption } from "../shared/options.js";
import { loadOtelApi, spansRecorded } from "./load-otel.js";

/** The tracer name used when no tracer is passed. */
export const TRACER_NAME = "@toolkit/middleware";

// `@opentelemetry/api` is an optional peer: nothing here imports it at load
// time, and its types are restated structurally so that the declarations
// build without it. An `@opentelemetry/api` Tracer is a TraceTracer.

/** The span methods `trace` calls. */
export interface TraceSpan {
  setAttribute(key: string, value: string | number | boolean): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  end(): void;
}

/** What `trace` needs of a tracer: an `@opentelemetry/api` `Tracer` is one. */
export interface TraceTracer {
  startActiveSpan<F extends (span: TraceSpan) => unknown>(
    name: string,
    options: { kind?: number; attributes?: Record<string, string | number | boolean> },
    fn: F,
  ): ReturnType<F>;
}

/** Options for `trace()`. */
export interface TraceOptions {
  /** Where spans go. @default trace.getTracer("@toolkit/middleware") from the global provider, when `@opentelemetry/api` is installed */
  tracer?: TraceTracer;
}

// The values of `SpanKind.INTERNAL` and `SpanStatusCode.ERROR`, fixed by the OpenTelemetry API.
const SPAN_KIND_INTERNAL = 0;
const STATUS_ERROR = 2;

/**
 * Emits one OpenTelemetry span per call through `@opentelemetry/api`, an
 * optional peer dependency (bring your own SDK; without one, spans are
 * no-ops; without the API installed and no `tracer`, calls pass through). The span is named
 * `execute_tool <name>` and carries the GenAI attributes
 * `gen_ai.operation.name` (`execute_tool`), `gen_ai.tool.name`,
 * `gen_ai.tool.call.id`, plus `toolkit.turn`, `toolkit.tool.rejected`,
 * `toolkit.tool.duration_ms` and, on failure, `error.type` (the ToolError
 * kind, `error_output` for an error answer, or the exception's name) with
 * the span status set to ERROR. Inputs, outputs and error messages are never
 * recorded, so no secret reaches a trace. Rejected calls (unknown name,
 * invalid input) are traced too. Register it first so the span covers
 * every other layer.
 *
 * @example
 * dispatch(registry, calls, { middleware: [trace(), timeout({ seconds: 30 })] });
 */
export function trace(options: TraceOptions = {}): Middleware {
  const { tracer } = options;
  if (tracer !== undefined && (tracer === null || typeof tracer.startActiveSpan !== "function")) {
    throw badOption("trace", "tracer", "an OpenTelemetry Tracer", tracer);
  }

  // A proxy tracer from the API follows a global provider registered later, so one lookup is enough.
  let active: TraceTracer | undefined = tracer;
  // A tracer given by the host always gets its spans; the global one only once an SDK is registered.
  let recorded: () => boolean = () => true;
  let loading: Promise<TraceTracer | undefined> | undefined;
  const resolve = (): Promise<TraceTracer | undefined> => {
    loading ??= loadOtelApi().then((api) => {
      if (api !== undefined) recorded = spansRecorded(api);
      active = api?.trace.getTracer(TRACER_NAME) as TraceTracer | undefined;
      return active;
    });
    return loading;
  };

  return async function traceMiddleware(call: DispatchCall, next: Next): Promise<ToolOutput> {
    const spans = active ?? (await resolve());
    // No tracer, or only the API's no-op one: a span would go nowhere (it costs ~400 ns a call).
    if (spans === undefined || !recorded()) return next(call);
    const attributes = {
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": call.name,
      "gen_ai.tool.call.id": call.id,
      "toolkit.turn": call.turn,
      "toolkit.tool.rejected": call.rejection !== undefined,
    };
    return spans.startActiveSpan(
      `execute_tool ${call.name}`,
      { kind: SPAN_KIND_INTERNAL, attributes },
      async (span) => {
        const start = performance.now();
        const fail = (type: string) => {
          span.setAttribute("error.type", type);
          span.setStatus({ code: STATUS_ERROR, message: type });
        };
        try {
          const output = await next(call);
          if (output.isError) fail(call.rejection?.kind ?? toolErrorOf(output)?.kind ?? "error_output");
          return output;
        } catch (error) {
          fail(errorType(error));
          throw error;
        } finally {
          span.setAttribute("toolkit.tool.duration_ms", performance.now() - start);
          span.end();
        }
      },
    );
  };
}

/** The span's `error.type` for a thrown value; never throws. */
function errorType(error: unknown): string {
  try {
    if (ToolError.is(error)) return String(error.kind);
    if (error instanceof Error && typeof error.name === "string") return error.name;
  } catch {
    // A hostile value: fall back to its type.
  }
  return typeof error;
}
