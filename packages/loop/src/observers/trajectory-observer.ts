import { createHash } from "node:crypto";
import { appendFileSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { type Clock, systemClock } from "../runtime/clock.js";
import type { LoopObserver, ToolProgressUpdateEvent } from "../loop/observer.js";

/** The most `tool_progress` lines written per call; later ones are counted in `tool_result`. */
const TRAJECTORY_PROGRESS_LINES = 100;
/** The most characters of a progress update's `output` written (its tail). */
const TRAJECTORY_PROGRESS_OUTPUT = 2000;

/** Options for `trajectoryObserver`. */
export interface TrajectoryObserverOptions {
  /** The JSONL file; created (with its directory) on the first event, appended to after. */
  path: string;
  /** Timestamps. @default systemClock */
  clock?: Clock;
  /** Fields added to every line (a sub-agent's lines carry `task`, its Task call id, and `depth`). @default {} */
  fields?: Readonly<Record<string, string | number>>;
}

/**
 * An observer that writes one JSON line per event to `path`: turn starts,
 * requests (size and SHA-256 of the body, never the body: it may hold the
 * output of tools that opted out of recording), replies, tool calls and
 * results (with their progress lines between them, at most
 * `TRAJECTORY_PROGRESS_LINES` a call, output tails of at most
 * `TRAJECTORY_PROGRESS_OUTPUT` characters), surface changes and the finish.
 * Tools whose `recordsTrajectory()` is false are recorded without their
 * output, and their progress without message or output.
 * Nothing secret is written: API keys live only in request headers.
 *
 * @example
 * new BareLoop({ model, registry, observers: [trajectoryObserver({ path: "run.jsonl" })] });
 */
export function trajectoryObserver({
  path,
  clock = systemClock,
  fields: extra = {},
}: TrajectoryObserverOptions): LoopObserver {
  if (typeof path !== "string" || path === "") {
    throw new TypeError(`trajectoryObserver: \`path\` must be a file path, got ${JSON.stringify(path)}`);
  }
  if (extra === null || typeof extra !== "object" || Array.isArray(extra)) {
    throw new TypeError(
      `trajectoryObserver: \`fields\` must be an object of fields, got ${JSON.stringify(extra)}`,
    );
  }
  let ready = false;
  const write = (event: string, fields: Record<string, unknown>) => {
    if (!ready) {
      mkdirSync(dirname(path), { recursive: true });
      ready = true;
    }
    appendFileSync(
      path,
      `${JSON.stringify({ ts: new Date(clock.now()).toISOString(), event, ...extra, ...fields })}\n`,
    );
  };
  // Progress lines written per running call id; the count past the cap shows in `tool_result`.
  const progressLines = new Map<string, number>();
  const progressLine = (e: ToolProgressUpdateEvent) => {
    const count = (progressLines.get(e.id) ?? 0) + 1;
    progressLines.set(e.id, count);
    if (count > TRAJECTORY_PROGRESS_LINES) return;
    const { message, progress, total, output } = e.update;
    write("tool_progress", {
      turn: e.turn,
      id: e.id,
      name: e.name,
      ...(e.recordsTrajectory && message !== undefined ? { message } : {}),
      ...(progress === undefined ? {} : { progress }),
      ...(total === undefined ? {} : { total }),
      ...(e.recordsTrajectory && output !== undefined
        ? { output: output.slice(-TRAJECTORY_PROGRESS_OUTPUT) }
        : {}),
    });
  };
  const progressDropped = (id: string) => {
    const count = progressLines.get(id) ?? 0;
    progressLines.delete(id);
    return count > TRAJECTORY_PROGRESS_LINES ? { progressDropped: count - TRAJECTORY_PROGRESS_LINES } : {};
  };
  return {
    onTurnStart: (e) =>
      write("turn_start", { turn: e.turn, messages: e.messages.length, estimateTokens: e.estimateTokens }),
    onRequest: (e) =>
      write("request", {
        turn: e.turn,
        provider: e.provider,
        model: e.model,
        bytes: Buffer.byteLength(e.body),
        sha256: createHash("sha256").update(e.body).digest("hex"),
        surfaceVersion: e.surfaceVersion,
        tools: e.tools,
        estimateTokens: e.estimateTokens,
        compacted: e.compacted,
      }),
    onReply: (e) =>
      write("reply", {
        turn: e.turn,
        text: e.reply.text,
        toolCalls: e.reply.toolCalls.map((c) => ({ id: c.id, name: c.name })),
        // Reasoning by size only: its text may be long and its payload is encrypted.
        ...(e.reply.reasoning && e.reply.reasoning.length > 0
          ? {
              reasoning: e.reply.reasoning.map((r) => ({
                chars: r.text.length,
                ...(r.data === undefined ? {} : { bytes: Buffer.byteLength(JSON.stringify(r.data)) }),
              })),
            }
          : {}),
        finishReason: e.reply.finishReason,
        stopReason: e.reply.stopReason,
        usage: e.reply.usage,
        durationMs: Math.round(e.durationMs),
      }),
    onToolPre: (e) => write("tool_call", { turn: e.turn, id: e.id, name: e.name, input: e.input }),
    onToolProgress: progressLine,
    onToolPost: (e) =>
      write("tool_result", {
        turn: e.turn,
        id: e.id,
        name: e.name,
        isError: e.output.isError,
        durationMs: Math.round(e.durationMs),
        // The checkpoint a checkpoint layer took right before this call (`meta.checkpoint`).
        ...(typeof e.output.meta.checkpoint === "string" ? { checkpoint: e.output.meta.checkpoint } : {}),
        ...(e.recordsTrajectory ? { output: e.output.textContent() } : { recorded: false }),
        ...progressDropped(e.id),
      }),
    onToolSurfaceChanged: (diff) => write("surface_changed", { ...diff }),
    onTaskStart: (e) => {
      write("task_start", { task: e.callId, depth: e.depth, description: e.description });
      const task = e.callId ?? "";
      return trajectoryObserver({ path, clock, fields: { ...extra, task, depth: e.depth } });
    },
    onFinish: (e) =>
      write("finish", {
        turns: e.turns,
        durationMs: Math.round(e.durationMs),
        ...(e.result
          ? {
              text: e.result.text,
              finishReason: e.result.finishReason,
              toolCalls: e.result.toolCalls.length,
              usage: e.result.usage,
            }
          : {}),
        ...(e.error
          ? { error: { name: e.error.name, message: e.error.message, kind: errorKind(e.error) } }
          : {}),
      }),
  };
}

function errorKind(error: Error): string | undefined {
  const kind = (error as { kind?: unknown }).kind;
  return typeof kind === "string" ? kind : undefined;
}
