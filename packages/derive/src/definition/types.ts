import type { ToolContext, ToolOutput } from "@toolkit/core";
import type { z } from "zod";

/**
 * A zod schema whose input side is an object: `z.object(...)`, optionally
 * refined, transformed or given a default per field. Classic zod and
 * `zod/mini` schemas both qualify.
 */
export type InputSchema = z.core.$ZodType<unknown, Record<string, unknown>>;

/**
 * A value that becomes structured JSON output. `undefined` is allowed only
 * as an object property (JSON drops it), so a `run` that forgets to return
 * is a type error.
 */
export type JsonResult =
  | string
  | number
  | boolean
  | null
  | readonly JsonResult[]
  | { readonly [key: string]: JsonResult | undefined };

/** What `run` may return: a ToolOutput as is, a string as text, any other JSON value as structured output. */
export type RunResult = ToolOutput | JsonResult;

/** The function behind a derived tool: it receives the input zod parsed (defaults applied, transforms run). */
export type RunFunction<S extends InputSchema> = (
  input: z.output<S>,
  ctx: ToolContext,
) => RunResult | Promise<RunResult>;

/** A derived tool's optional traits; every one has the core `Tool` default when left out. */
export interface TraitOptions<S extends InputSchema> {
  /**
   * The wire name. Must match `TOOL_NAME_PATTERN`.
   * @default the snake_case of the schema's `title` meta (`EchoInput` → `echo_input`)
   */
  name?: string;
  /**
   * What the tool does, for the model.
   * @default the schema's own description (`.describe()` or `.meta({ description })`)
   */
  description?: string;
  /** The tool changes nothing. @default false */
  readOnly?: boolean;
  /** Every call may run beside other concurrency-safe calls. @default false */
  concurrencySafe?: boolean;
  /**
   * Decides concurrency safety per call from the parsed input (overrides
   * `concurrencySafe`); input that does not parse is never safe.
   */
  concurrencyCheck?: (input: z.output<S>) => boolean;
  /**
   * Calls whose keys are equal never share a wave; receives the parsed input.
   * Input that does not parse has no key.
   */
  resourceKey?: (input: z.output<S>) => string | undefined;
  /** Text appended to the system prompt while the tool is advertised. */
  systemPrompt?: string;
  /** False: trajectories record calls without their output. @default true */
  recordsTrajectory?: boolean;
  /** Repeating a call has the effect of one call, so retry may repeat it. @default readOnly */
  idempotent?: boolean;
}
