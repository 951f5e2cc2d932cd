import { canonicalJson, isJsonObject, type ToolContext } from "@toolkit/core";

/** The wire format's version; a message of another version is refused. */
export const WIRE_VERSION = 1;

/** The part of a ToolContext that can cross to a worker. */
export interface WireContext {
  readonly cwd: string;
  readonly sessionId: string;
  readonly isNonInteractive: boolean;
  readonly userContext: Readonly<Record<string, string>>;
  /** Epoch milliseconds after which the host stops waiting; absent for no deadline. */
  readonly deadlineMs?: number;
}

/** One tool call as it travels in a job. */
export interface WireCall {
  readonly v: typeof WIRE_VERSION;
  /** The provider's call id. */
  readonly id: string;
  readonly name: string;
  readonly input: unknown;
  readonly ctx: WireContext;
  /** W3C `traceparent` of the host's active span, when there is one. */
  readonly traceparent?: string;
  /** True when the host listens to the call's progress (the worker publishes it). */
  readonly progress?: true;
}

/** Thrown for a message that is not a wire call or output; the message names the field. */
export class WireError extends Error {
  override readonly name = "WireError";
}

/** The crossing part of a context, with an optional deadline. */
export function wireContext(ctx: ToolContext, deadlineMs?: number): WireContext {
  return {
    cwd: ctx.cwd,
    sessionId: ctx.sessionId,
    isNonInteractive: ctx.isNonInteractive,
    userContext: { ...ctx.userContext },
    ...(deadlineMs === undefined ? {} : { deadlineMs }),
  };
}

/**
 * The call as canonical JSON (sorted keys): the same call always gives the
 * same bytes. Throws a WireError when the input has no JSON form.
 */
export function encodeCall(call: Omit<WireCall, "v">): string {
  try {
    return canonicalJson({ ...call, v: WIRE_VERSION });
  } catch (error) {
    throw new WireError(
      `encodeCall: the input of call ${call.id} to '${call.name}' cannot cross the queue: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

/** Parses and checks a wire call. Throws a WireError naming the first bad field. */
export function decodeCall(text: string): WireCall {
  const value = parse(text, "call");
  if (value.v !== WIRE_VERSION) throw bad("call", "v", `${WIRE_VERSION}`, value.v);
  const id = str(value, "id", "call");
  const name = str(value, "name", "call");
  const ctx = value.ctx;
  if (!isJsonObject(ctx)) throw bad("call", "ctx", "an object", ctx);
  const cwd = str(ctx, "cwd", "call.ctx");
  const sessionId = str(ctx, "sessionId", "call.ctx");
  if (typeof ctx.isNonInteractive !== "boolean")
    throw bad("call.ctx", "isNonInteractive", "a boolean", ctx.isNonInteractive);
  const userContext = ctx.userContext;
  if (!isJsonObject(userContext) || !Object.values(userContext).every((v) => typeof v === "string")) {
    throw bad("call.ctx", "userContext", "an object of strings", userContext);
  }
  const deadlineMs = ctx.deadlineMs;
  if (deadlineMs !== undefined && (typeof deadlineMs !== "number" || !Number.isFinite(deadlineMs))) {
    throw bad("call.ctx", "deadlineMs", "a number of epoch milliseconds", deadlineMs);
  }
  const traceparent = value.traceparent;
  if (traceparent !== undefined && typeof traceparent !== "string")
    throw bad("call", "traceparent", "a string", traceparent);
  const progress = value.progress;
  if (progress !== undefined && progress !== true) throw bad("call", "progress", "true", progress);
  return {
    v: WIRE_VERSION,
    id,
    name,
    input: value.input,
    ctx: {
      cwd,
      sessionId,
      isNonInteractive: ctx.isNonInteractive,
      userContext: userContext as Record<string, string>,
      ...(deadlineMs === undefined ? {} : { deadlineMs }),
    },
    ...(traceparent === undefined ? {} : { traceparent }),
    ...(progress === undefined ? {} : { progress }),
  };
}

/** Parses JSON that must be an object. */
export function parse(text: string, what: string): Record<string, unknown> {
  if (typeof text !== "string") throw bad(what, "(message)", "a JSON string", text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new WireError(
      `decode ${what}: not JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!isJsonObject(value)) throw bad(what, "(message)", "a JSON object", value);
  return value;
}

function str(obj: Record<string, unknown>, field: string, what: string): string {
  const value = obj[field];
  if (typeof value !== "string" || value === "") throw bad(what, field, "a non-empty string", value);
  return value;
}

/** A WireError naming the field, what was expected and what arrived. */
export function bad(what: string, field: string, expected: string, got: unknown): WireError {
  let shown: string;
  try {
    shown = JSON.stringify(got) ?? String(got);
  } catch {
    shown = typeof got;
  }
  if (shown.length > 80) shown = `${shown.slice(0, 77)}...`;
  return new WireError(`decode ${what}: \`${field}\` must be ${expected}, got ${shown}`);
}
