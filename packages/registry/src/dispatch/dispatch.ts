import { performance } from "node:perf_hooks";
import {
  checkInputShape,
  contextAborted,
  createProgressChannel,
  createToolContext,
  type JsonSchema,
  restoreAbsent,
  strictSchema,
  type Tool,
  type ToolContext,
  type ToolProgressEvent,
  errorMessage,
  markInputValidated,
  nameFieldsAsSent,
  renamedFields,
  ToolError,
  ToolOutput,
  validateInput,
} from "@toolkit/core";
import { composeMiddleware, type DispatchCall, type Middleware, type Next } from "./middleware.js";
import { planWaves, type ToolLookup } from "../waves/plan-waves.js";

/** A call from the model. */
export interface ToolCall {
  id: string;
  name: string;
  input: unknown;
}

/** One answer per call, in call order. */
export interface DispatchResult {
  id: string;
  name: string;
  output: ToolOutput;
  durationMs: number;
}

/** The registry surface dispatch needs; a ToolRegistry fits. */
export interface DispatchRegistry extends ToolLookup {
  toolNames(): string[];
}

/** Options for dispatch. */
export interface DispatchOptions {
  /** The pipeline, first = outermost. @default [] */
  middleware?: readonly Middleware[];
  /** The session context. @default createToolContext() */
  ctx?: ToolContext;
  /** `"sequential"` runs calls one by one in order; `"parallel"` runs planned waves. @default "sequential" */
  mode?: "sequential" | "parallel";
  /** Most calls running at once in parallel mode. @default 8 */
  maxConcurrency?: number;
  /** Wave ordering in parallel mode (see `planWaves`). @default "hoist" */
  order?: "hoist" | "preserve";
  /** Names advertised to the model this turn; any other name is answered without dispatch. @default every registered name */
  advertised?: Iterable<string>;
  /** The model was shown `strictSchema()` of each input schema: validate against it and map nulls back to absent. @default false */
  strict?: boolean;
  /** Validate input against the schema before the pipeline. @default true */
  validate?: boolean;
  /** The loop's turn number, passed to middleware. @default 0 */
  turn?: number;
  /**
   * Receives each call's progress (`ctx.progress`), tagged with its call id
   * and tool name, rate-limited per call (`progressPerSecond`) and delivered
   * before that call's result. Updates after a call ends are dropped. The
   * session context's own `onProgress` gets the same updates, untagged.
   * A listener that throws is ignored.
   */
  onProgress?: (event: ToolProgressEvent) => void;
  /** Most progress updates delivered per call per second; the rest are coalesced. @default 10 */
  progressPerSecond?: number;
}

const strictCache = new WeakMap<JsonSchema, JsonSchema>();

/**
 * Runs the model's calls through the middleware pipeline and answers each
 * one, in call order. Never throws for a tool's failure: an unknown name is
 * `Tool not found: x. Available: ...`, invalid input is `Invalid input: ...`,
 * a ToolError is its message and advice, any other exception is
 * `Tool 'x' threw: <message>` — all soft failures for the model. When
 * `ctx.signal` fires, calls not yet started are answered `Cancelled`.
 */
export async function dispatch(
  registry: DispatchRegistry,
  calls: readonly ToolCall[],
  options: DispatchOptions = {},
): Promise<DispatchResult[]> {
  const {
    middleware = NO_MIDDLEWARE,
    ctx = createToolContext(),
    mode = "sequential",
    maxConcurrency = 8,
    order = "hoist",
    strict = false,
    validate = true,
    turn = 0,
    onProgress,
    progressPerSecond = 10,
  } = options;
  if (onProgress !== undefined && typeof onProgress !== "function") {
    throw new TypeError(`dispatch: \`onProgress\` must be a function, got ${typeof onProgress}`);
  }
  if (
    typeof progressPerSecond !== "number" ||
    !(progressPerSecond > 0) ||
    !Number.isFinite(progressPerSecond)
  ) {
    throw new TypeError(
      `dispatch: \`progressPerSecond\` must be a positive number, got ${JSON.stringify(progressPerSecond)}`,
    );
  }
  if (mode !== "sequential" && mode !== "parallel") {
    throw new TypeError(`dispatch: \`mode\` must be "sequential" or "parallel", got ${JSON.stringify(mode)}`);
  }
  if (!Number.isInteger(maxConcurrency) || maxConcurrency < 1) {
    throw new TypeError(
      `dispatch: \`maxConcurrency\` must be a positive integer, got ${JSON.stringify(maxConcurrency)}`,
    );
  }
  const advertised = options.advertised === undefined ? undefined : new Set(options.advertised);
  const results: DispatchResult[] = new Array(calls.length);
  const run: RunState = {
    registry,
    pipeline: pipelineFor(middleware),
    ctx,
    prepare: { turn, strict, validate, advertised },
    onProgress,
    progressPerSecond,
    listened: onProgress !== undefined || ctx.hasProgressListener,
  };
  if (mode === "sequential") {
    // Inlined rather than through runOne: this is the path of nearly every call.
    for (let i = 0; i < calls.length; i++) {
      const raw = calls[i] as ToolCall;
      const start = performance.now();
      const output = await answer(raw, run);
      results[i] = { id: raw.id, name: raw.name, output, durationMs: performance.now() - start };
    }
    return results;
  }
  const runOne = async (index: number): Promise<void> => {
    const raw = calls[index] as ToolCall;
    const start = performance.now();
    const output = await answer(raw, run);
    results[index] = { id: raw.id, name: raw.name, output, durationMs: performance.now() - start };
  };
  for (const wave of planWaves(calls, registry, { order })) await runLimited(wave, maxConcurrency, runOne);
  return results;
}

/** What every call of one dispatch shares. */
interface RunState {
  readonly registry: DispatchRegistry;
  readonly pipeline: Next;
  readonly ctx: ToolContext;
  readonly prepare: PrepareOptions;
  readonly onProgress: ((event: ToolProgressEvent) => void) | undefined;
  readonly progressPerSecond: number;
  readonly listened: boolean;
}

const NO_MIDDLEWARE: readonly Middleware[] = Object.freeze([]);

/** The composed pipeline of each middleware list seen, with the layers it was composed from. */
const composed = new WeakMap<readonly Middleware[], { layers: Middleware[]; next: Next }>();

/**
 * The pipeline for `middleware`, composed once per list rather than once
 * per dispatch: hosts pass the same list on every turn. A list changed in
 * place since (a layer pushed, replaced or removed) is composed again.
 */
function pipelineFor(middleware: readonly Middleware[]): Next {
  if (middleware.length === 0) return terminal;
  const hit = composed.get(middleware);
  if (hit !== undefined && sameLayers(hit.layers, middleware)) return hit.next;
  const layers = [...middleware];
  const next = composeMiddleware(layers, terminal);
  composed.set(middleware, { layers, next });
  return next;
}

function sameLayers(a: readonly Middleware[], b: readonly Middleware[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** One call's answer: cancelled, or run through the pipeline (with a progress channel when someone listens). */
function answer(raw: ToolCall, run: RunState): Promise<ToolOutput> {
  const { ctx } = run;
  if (ctx.signal.aborted) return Promise.resolve(ToolError.cancelled().toOutput());
  if (!run.listened) return runPipeline(run.pipeline, prepare(raw, run.registry, run.prepare, ctx));
  const channel = progressChannel(raw, ctx, run.onProgress, run.progressPerSecond);
  const closeChannel = (output: ToolOutput) => {
    channel.close();
    return output;
  };
  return runPipeline(
    run.pipeline,
    prepare(raw, run.registry, run.prepare, ctx.withProgress(channel.report)),
  ).then(closeChannel);
}

/** One call's rate-limited channel, feeding the dispatch listener (tagged) and the session's (untagged). */
function progressChannel(
  raw: ToolCall,
  ctx: ToolContext,
  onProgress: ((event: ToolProgressEvent) => void) | undefined,
  maxPerSecond: number,
) {
  const { id: callId, name: tool } = raw;
  const session = ctx.hasProgressListener;
  return createProgressChannel(
    (update) => {
      if (onProgress !== undefined) {
        try {
          onProgress({ ...update, callId, tool });
        } catch {
          // Fire-and-forget: the host's listener cannot fail the call.
        }
      }
      if (session) ctx.progress(update);
    },
    { maxPerSecond },
  );
}

interface PrepareOptions {
  turn: number;
  strict: boolean;
  validate: boolean;
  advertised: Set<string> | undefined;
}

/**
 * Looks the tool up once (a removal racing the call cannot change it) and
 * validates the input: the one validation of a call. The checked object is
 * marked (`markInputValidated`) so a `ToolBase` tool does not validate it
 * again; a middleware that replaces `call.input` hands the tool an unmarked
 * object, which the tool validates itself.
 */
function prepare(
  raw: ToolCall,
  registry: DispatchRegistry,
  o: PrepareOptions,
  ctx: ToolContext,
): DispatchCall {
  // Plain literals, not spreads: this runs on every call and spreads cost ~20x here.
  const { id, name, input } = raw;
  if (o.advertised && !o.advertised.has(name)) {
    return {
      id,
      name,
      turn: o.turn,
      ctx,
      tool: undefined,
      input,
      rejection: notAvailable(name, o.advertised),
    };
  }
  const tool = registry.get(name);
  if (!tool) {
    // A name advertised this turn may have been removed since: list only what still runs.
    const names = o.advertised
      ? [...o.advertised].filter((n) => registry.get(n) !== undefined).sort()
      : registry.toolNames();
    return {
      id,
      name,
      turn: o.turn,
      ctx,
      tool: undefined,
      input,
      rejection: ToolError.notFound(name, names),
    };
  }
  try {
    // In every mode: input too deep or cyclic to walk never reaches normalizeInput, validation or the tool.
    checkInputShape(input);
  } catch (error) {
    const rejection = ToolError.is(error) ? error : ToolError.invalidInput(errorMessage(error));
    return { id, name, turn: o.turn, ctx, tool, input, rejection };
  }
  if (!o.validate) return { id, name, turn: o.turn, ctx, tool, input, rejection: undefined };
  let normalized = input;
  try {
    if (tool.normalizeInput) normalized = tool.normalizeInput(input);
    const checked = checkInput(tool, normalized, o.strict);
    return { id, name, turn: o.turn, ctx, tool, input: checked, rejection: undefined };
  } catch (error) {
    // An error about a field normalizeInput renamed names it as the model sent it.
    const named = normalized === input ? error : nameFieldsAsSent(error, renamedFields(input, normalized));
    const rejection = ToolError.is(named) ? named : ToolError.invalidInput(errorMessage(named));
    return { id, name, turn: o.turn, ctx, tool, input, rejection };
  }
}

/**
 * The input checked against the schema the model was shown. When that is
 * the tool's own schema the checked object is marked, so the tool does not
 * check it again. In strict mode the model was shown `strictSchema(schema)`
 * and the tool gets `restoreAbsent`'s rebuilt object, which no validator
 * has seen: it stays unmarked and the tool validates it against its own
 * schema (fail closed; `restoreAbsent` guesses at union branches).
 */
function checkInput(tool: Tool, input: unknown, strict: boolean): unknown {
  const schema = tool.schema().input_schema;
  if (!strict) {
    const checked = validateInput(schema, input);
    markInputValidated(checked, schema);
    return checked;
  }
  let shown = strictCache.get(schema);
  if (!shown) {
    shown = strictSchema(schema);
    strictCache.set(schema, shown);
  }
  validateInput(shown, input);
  return restoreAbsent(schema, input);
}

function notAvailable(name: string, advertised: Set<string>): ToolError {
  const list = advertised.size ? [...advertised].sort().join(", ") : "none";
  return new ToolError("NotFound", `tool '${name}' is not available. Available: ${list}`);
}

/** The end of the pipeline: answer a rejected call, or run the tool. */
const terminal: Next = (call) => {
  if (call.rejection) return Promise.resolve(call.rejection.toOutput());
  if (!call.tool) return Promise.resolve(ToolError.notFound(call.name, []).toOutput());
  if (contextAborted(call.ctx)) return Promise.resolve(ToolError.cancelled().toOutput());
  // Not async: one promise less per call. A tool that throws synchronously is caught by runPipeline.
  return Promise.resolve(call.tool.call(call.input, call.ctx)).then(checkedOutput);
};

function checkedOutput(output: unknown): ToolOutput {
  if (!ToolOutput.is(output)) {
    throw new TypeError(`returned ${output === null ? "null" : typeof output} instead of a ToolOutput`);
  }
  return output;
}

/** Runs the pipeline; every failure, thrown or rejected, becomes a soft failure. */
function runPipeline(pipeline: Next, call: DispatchCall): Promise<ToolOutput> {
  // `.then` rather than an async wrapper: one frame less on every call.
  try {
    return pipeline(call).then(undefined, (error: unknown) => softFailure(error, call));
  } catch (error) {
    return Promise.resolve(softFailure(error, call));
  }
}

/**
 * Never throws, whatever was thrown: a ToolError (of any copy of core) whose
 * `toOutput()` fails, a `message` getter that throws, a revoked proxy, ...
 * each still becomes a soft failure.
 */
function softFailure(error: unknown, call: DispatchCall): ToolOutput {
  if (ToolError.is(error)) {
    try {
      const output: unknown = error.toOutput();
      if (ToolOutput.is(output)) return output;
    } catch {
      // A look-alike that cannot render itself: describe it below.
    }
  }
  if (contextAborted(call.ctx) && isAbort(error)) return ToolError.cancelled().toOutput();
  return ToolOutput.errorText(`Tool '${call.name}' threw: ${errorMessage(error)}`);
}

function isAbort(error: unknown): boolean {
  try {
    return (
      error instanceof Error &&
      (error.name === "AbortError" || (error as { code?: unknown }).code === "ABORT_ERR")
    );
  } catch {
    return false;
  }
}

/** Runs `fn` over the indices with at most `limit` at once. */
async function runLimited(
  indices: readonly number[],
  limit: number,
  fn: (i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < indices.length) await fn(indices[next++] as number);
  };
  await Promise.all(Array.from({ length: Math.min(limit, indices.length) }, worker));
}
