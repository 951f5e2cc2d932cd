import { type ToolContext, ToolError, type ToolOutput } from "@toolkit/core";
import type { DispatchCall, Middleware, Next } from "@toolkit/registry";
import type { Checkpoint } from "../store/checkpoint.js";
import type { CheckpointStore, RestoreResult } from "../store/checkpoint-store.js";
import { CheckpointsTool } from "../tool/checkpoints-tool.js";
import { type CallEffect, classifyCall } from "./classify-call.js";

/** Options for `withCheckpoints`. */
export interface WithCheckpointsOptions {
  /** Called with each checkpoint taken and the call it was taken for. @default none */
  onCheckpoint?: (checkpoint: Checkpoint, call: DispatchCall) => void;
  /** Decides whether a call may change files. @default classifyCall */
  classify?: (call: DispatchCall) => CallEffect;
}

/**
 * The checkpoint layer: a `Middleware` that is also a loop observer
 * (`onTurnStart` marks where a model reply's tool batch begins).
 */
export interface CheckpointsMiddleware extends Middleware {
  /** The store checkpoints go to. */
  readonly store: CheckpointStore;
  /** Marks the start of a turn; pass the layer in the loop's `observers` too. */
  onTurnStart(event: { turn: number }): void;
  /**
   * Restores the files as they were before the first of `turns` changed
   * them, in `ctx`'s session (its stale-guard records of restored files are
   * cleared); undefined when none of them changed a file. `BareLoop`'s
   * `rewindFiles` calls it from `rewind(toTurn)`.
   */
  restoreBefore(turns: readonly number[], ctx: ToolContext): Promise<RestoreResult | undefined>;
}

interface TurnState {
  readonly turn: number;
  readonly epoch: number;
  readonly checkpoint: Promise<Checkpoint>;
}

/** The output meta key under which a call's result names the checkpoint taken right before it. */
export const CHECKPOINT_META = "checkpoint";

/**
 * Snapshots the workspace before the first file-changing call of each turn
 * and records which calls followed; a command that may write (Shell's
 * analysis does not class it read-only) gets a snapshot right before it
 * when it is not the turn's first change, and the paths it changed are
 * recorded after it ran. When a snapshot fails the call does not run: a
 * change that could not be undone is refused. Read-only calls, calls that
 * will not run and the `Checkpoints` tool's own calls pass straight through.
 *
 * A turn is the calls of one model reply: the layer knows one began from
 * `onTurnStart` (register it as an observer of the loop) or, without it, from
 * a change of `call.turn`; outside a loop (turn 0) each call is its own turn.
 *
 * @example
 * const checkpoints = withCheckpoints(await CheckpointStore.open({ workspace: root }));
 * const loop = new BareLoop({ model, registry, middleware: [checkpoints], observers: [checkpoints] });
 */
export function withCheckpoints(
  store: CheckpointStore,
  options: WithCheckpointsOptions = {},
): CheckpointsMiddleware {
  if (!store || typeof store.snapshot !== "function" || typeof store.recordCall !== "function") {
    throw new TypeError(
      `withCheckpoints: \`store\` must be a CheckpointStore (CheckpointStore.open), got ${typeof store}`,
    );
  }
  const { onCheckpoint, classify = classifyCall } = options;
  const turns = new Map<string, TurnState>();
  /** The turn checkpoints this layer took, per session, oldest first. */
  const taken = new Map<string, Array<{ id: string; turn: number }>>();
  let epoch = 0;

  const checkpointsMiddleware = async function checkpointsMiddleware(
    call: DispatchCall,
    next: Next,
  ): Promise<ToolOutput> {
    if (call.rejection !== undefined || call.tool instanceof CheckpointsTool) return next(call);
    const effect = classify(call);
    if (effect === "none") return next(call);

    const session = call.ctx.sessionId;
    const known = turns.get(session);
    const fresh = !known || call.turn === 0 || known.turn !== call.turn || known.epoch !== epoch;
    let before: Checkpoint;
    // Whether a checkpoint was taken right before this call (the turn's first change, or a command).
    let takenHere = false;
    try {
      if (fresh) {
        const pending = store.snapshot({ kind: "turn", turn: call.turn });
        turns.set(session, { turn: call.turn, epoch, checkpoint: pending });
        before = await pending;
        const list = taken.get(session) ?? [];
        list.push({ id: before.id, turn: call.turn });
        taken.set(session, list);
        takenHere = true;
        onCheckpoint?.(before, call);
      } else if (effect === "command") {
        await known.checkpoint;
        before = await store.snapshot({
          kind: "command",
          turn: call.turn,
          label: `before ${call.name} in turn ${call.turn}`,
        });
        takenHere = true;
        onCheckpoint?.(before, call);
      } else {
        before = await known.checkpoint;
      }
    } catch (error) {
      if (fresh) turns.delete(session);
      const why = error instanceof Error ? error.message : String(error);
      throw ToolError.execution(`no checkpoint could be taken before this call, so it did not run: ${why}`, {
        advice: "Tell the user that checkpoints are failing; do not retry the change.",
      });
    }

    const output = await next(call);
    try {
      const changed = effect === "command" ? await store.changedSince(before.id) : undefined;
      await store.recordCall(before.id, { id: call.id, name: call.name, ...(changed ? { changed } : {}) });
    } catch {
      // The call ran and its checkpoint exists; a failed note of it must not turn its result into an error.
    }
    // The loop records it (RunState.checkpoints, the trajectory's tool_result); the model never sees meta.
    return takenHere ? output.withMeta(CHECKPOINT_META, before.id) : output;
  };

  return Object.assign(checkpointsMiddleware, {
    store,
    onTurnStart(_event: { turn: number }): void {
      epoch++;
    },
    async restoreBefore(later: readonly number[], ctx: ToolContext): Promise<RestoreResult | undefined> {
      const wanted = new Set(later);
      const list = taken.get(ctx.sessionId) ?? [];
      const index = list.findIndex((c) => wanted.has(c.turn));
      if (index < 0) return undefined;
      const result = await store.restore((list[index] as { id: string }).id, { ctx });
      taken.set(ctx.sessionId, list.slice(0, index));
      turns.delete(ctx.sessionId);
      return result;
    },
  });
}
