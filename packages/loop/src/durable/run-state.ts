import type { JsonValue, Retention } from "@toolkit/core";
import { z } from "zod";
import type { ContentPart, Message } from "../model/messages.js";
import type { Usage } from "../model/model-client.js";
import type { ToolCallRecord } from "../loop/observer.js";

/** The RunState format this version writes and reads. */
export const RUN_STATE_VERSION = 1;

/** Where a call of the reply being answered stands. */
export type PendingCallStatus = "queued" | "awaiting-approval" | "running" | "done";

/** One call of the reply being answered, with its answer once it has one. */
export interface PendingCall {
  readonly id: string;
  readonly name: string;
  /** The input the call runs with (an edited input once the user edited it). */
  input: JsonValue;
  status: PendingCallStatus;
  /** The answer, as the model will see it (`status: "done"`). */
  result?: { parts: ContentPart[]; isError: boolean; retention: Retention; durationMs: number };
}

/** The reply whose calls are being answered. */
export interface PendingTurn {
  readonly turn: number;
  /** The reply was cut at the output limit. */
  readonly cut: boolean;
  /** The names advertised on that turn's request. */
  readonly advertised: string[];
  readonly calls: PendingCall[];
}

/**
 * Everything needed to continue a run, as plain JSON: the conversation (tool
 * outputs as the model saw them), the reply being answered and where each of
 * its calls stands, turns, usage, budgets, loop-detection and recovery state,
 * and the descriptor digest of every tool the run was offered. Provider keys
 * and headers are never in it: they stay in the host's model client.
 */
export interface RunState {
  readonly schemaVersion: typeof RUN_STATE_VERSION;
  readonly runId: string;
  /** The session id the requests carried (a prompt-cache key); kept so resumed requests are identical. */
  readonly sessionId: string;
  /** `running` while turns go on, `interrupted` at calls awaiting approval, `done` after the final answer. */
  status: "running" | "interrupted" | "done";
  /** The number of the last model request answered (0 before the first). */
  turn: number;
  /**
   * The number of this run's first turn: above 1 when the run continues a
   * conversation the loop kept (`keepConversation`), whose turns are numbered
   * across runs. @default 1
   */
  firstTurn?: number;
  /**
   * The checkpoints taken during the run (when a checkpoint layer such as
   * `@toolkit/checkpoint`'s `withCheckpoints` runs): a call whose output
   * carries `meta.checkpoint` names the checkpoint taken right before it.
   */
  checkpoints?: { turn: number; callId: string; id: string }[];
  /** True once the task passed the loop's gates (`gates`' `beforeRun`), so a resumed run does not pass it again. */
  gated?: boolean;
  messages: Message[];
  toolCalls: ToolCallRecord[];
  usage: Usage;
  /** Consecutive turns that needed recovery. */
  recoveries: number;
  /** Text of replies cut at the output limit, waiting for the reply that finishes it. */
  carried: string;
  /** Repair turns spent on a typed final answer that did not match its schema. */
  outputRepairs: number;
  /** The loop detector: the last call's key and how many times in a row it came. */
  detector: { last: string | null; streak: number };
  readonly budgets: {
    maxTurns: number;
    loopThreshold: number;
    maxRecoveries: number;
    contextBudgetTokens: number;
  };
  /** `descriptorDigest` per registered tool, name-sorted: a resume is refused when these differ. */
  readonly tools: { name: string; digest: string }[];
  /** The reply being answered, or null between turns. */
  pending: PendingTurn | null;
}

const json: z.ZodType<JsonValue> = z.json();
const text = z.object({ type: z.literal("text"), text: z.string() }).strict();
const image = z.object({ type: z.literal("image"), data: z.string(), mediaType: z.string() }).strict();
const part = z.discriminatedUnion("type", [text, image]);
const retention = z.enum(["default", "requery", "durable"]);
const call = z
  .object({
    id: z.string(),
    name: z.string(),
    input: json,
    invalidArguments: z.string().optional(),
    signature: z.string().optional(),
  })
  .strict();
const reasoning = z
  .object({
    type: z.literal("reasoning"),
    text: z.string(),
    provider: z.string(),
    data: json.optional(),
    callsBefore: z.number().int().nonnegative(),
  })
  .strict();
const message = z.discriminatedUnion("role", [
  z.object({ role: z.literal("user"), parts: z.array(part) }).strict(),
  z
    .object({
      role: z.literal("assistant"),
      text: z.string(),
      toolCalls: z.array(call),
      reasoning: z.array(reasoning).optional(),
    })
    .strict(),
  z
    .object({
      role: z.literal("tool"),
      results: z.array(
        z
          .object({
            callId: z.string(),
            name: z.string(),
            parts: z.array(part),
            isError: z.boolean(),
            retention,
            compacted: z.boolean().optional(),
          })
          .strict(),
      ),
    })
    .strict(),
]);
const count = z.number().int().nonnegative();
const positive = z.number().int().positive();

/** The zod schema a RunState is validated with on load. */
export const runStateSchema = z
  .object({
    schemaVersion: z.literal(RUN_STATE_VERSION),
    runId: z.string().min(1),
    sessionId: z.string().min(1),
    status: z.enum(["running", "interrupted", "done"]),
    turn: count,
    firstTurn: positive.optional(),
    gated: z.boolean().optional(),
    checkpoints: z
      .array(z.object({ turn: positive, callId: z.string(), id: z.string().min(1) }).strict())
      .optional(),
    messages: z.array(message).min(1),
    toolCalls: z.array(
      z
        .object({
          turn: positive,
          id: z.string(),
          name: z.string(),
          input: json,
          isError: z.boolean(),
          durationMs: z.number().nonnegative(),
        })
        .strict(),
    ),
    usage: z
      .object({
        inputTokens: count,
        outputTokens: count,
        cachedInputTokens: count,
        cacheWriteTokens: count,
        reasoningTokens: count,
      })
      .strict(),
    recoveries: count,
    carried: z.string(),
    outputRepairs: count,
    detector: z.object({ last: z.string().nullable(), streak: count }).strict(),
    budgets: z
      .object({
        maxTurns: positive,
        loopThreshold: positive,
        maxRecoveries: positive,
        contextBudgetTokens: z.number().positive(),
      })
      .strict(),
    tools: z.array(z.object({ name: z.string(), digest: z.string().regex(/^[0-9a-f]{16}$/) }).strict()),
    pending: z
      .object({
        turn: positive,
        cut: z.boolean(),
        advertised: z.array(z.string()),
        calls: z.array(
          z
            .object({
              id: z.string(),
              name: z.string(),
              input: json,
              status: z.enum(["queued", "awaiting-approval", "running", "done"]),
              result: z
                .object({
                  parts: z.array(part),
                  isError: z.boolean(),
                  retention,
                  durationMs: z.number().nonnegative(),
                })
                .strict()
                .optional(),
            })
            .strict(),
        ),
      })
      .strict()
      .nullable(),
  })
  .strict();

/** A state that is not a RunState this version can continue. */
export class RunStateError extends Error {
  override readonly name = "RunStateError";
  /** The field (dotted path) at fault, when one is. */
  readonly field: string | undefined;

  constructor(message: string, { field, cause }: { field?: string; cause?: unknown } = {}) {
    super(message, { cause });
    this.field = field;
  }
}

/**
 * Validates a RunState (an object or its JSON text) and returns a fresh copy.
 * A state from a newer version is refused naming both versions; any other
 * mismatch is refused naming the first field at fault and what arrived.
 */
export function parseRunState(input: unknown): RunState {
  let value = input;
  if (typeof input === "string") {
    try {
      value = JSON.parse(input);
    } catch (error) {
      throw new RunStateError(`RunState: not JSON: ${(error as Error).message}`, { cause: error });
    }
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new RunStateError(`RunState: expected an object, got ${value === null ? "null" : typeof value}`);
  }
  const version = (value as { schemaVersion?: unknown }).schemaVersion;
  if (typeof version === "number" && version > RUN_STATE_VERSION) {
    throw new RunStateError(
      `RunState: \`schemaVersion\` ${version} is newer than this @toolkit/loop reads (${RUN_STATE_VERSION}); upgrade @toolkit/loop to resume it`,
      { field: "schemaVersion" },
    );
  }
  const parsed = runStateSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue ? issue.path.map(String).join(".") : "";
    const arrived = issue ? at(value, issue.path) : undefined;
    throw new RunStateError(
      `RunState: \`${field || "(root)"}\` ${issue?.message ?? "is invalid"}, got ${describe(arrived)}`,
      { field, cause: parsed.error },
    );
  }
  // The schema is the type: the parse keeps only the fields it names.
  return structuredClone(parsed.data) as RunState;
}

function at(value: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = value;
  for (const key of path) {
    if (typeof v !== "object" || v === null) return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  const s = JSON.stringify(value) ?? String(value);
  return s.length > 80 ? `${s.slice(0, 80)}...` : s;
}
