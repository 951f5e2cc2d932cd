import { context, isSpanContextValid, trace } from "@opentelemetry/api";

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** The W3C `traceparent` of the active span, or undefined when no span is recording a trace. */
export function activeTraceparent(): string | undefined {
  const span = trace.getActiveSpan()?.spanContext();
  if (!span || !isSpanContextValid(span)) return undefined;
  return `00-${span.traceId}-${span.spanId}-${span.traceFlags.toString(16).padStart(2, "0")}`;
}

/** Runs `fn` with the remote span of `traceparent` as the active parent (as is when absent or malformed). */
export function withTraceparent<T>(traceparent: string | undefined, fn: () => T): T {
  const m = traceparent === undefined ? null : TRACEPARENT.exec(traceparent);
  if (!m) return fn();
  const [, traceId = "", spanId = "", flags = "00"] = m;
  const parent = trace.setSpanContext(context.active(), {
    traceId,
    spanId,
    traceFlags: Number.parseInt(flags, 16),
    isRemote: true,
  });
  return context.with(parent, fn);
}
