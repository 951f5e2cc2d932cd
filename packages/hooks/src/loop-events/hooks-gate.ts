import type { ToolContext } from "@toolkit/core";
import type { LoopGate } from "@toolkit/loop";
import type { Hooks } from "../engine/create-hooks.js";
import type { CombinedDecision } from "../run/combine-results.js";

/**
 * The loop events as a BareLoop gate (awaited, unlike observers):
 * SessionStart and UserPromptSubmit before the first request (a block ends
 * the run, context is added to the task), Stop when the model gives a final
 * answer (a block sends its reason back and the loop takes another turn;
 * `stop_hook_active` is true on the turns after), SessionEnd when the run
 * ends, and `continue: false` from a tool hook ends the run after its turn.
 */
export function hooksGate(hooks: Hooks): LoopGate {
  const ctxOf = (ctx: ToolContext) => ({ sessionId: ctx.sessionId, cwd: ctx.cwd, signal: ctx.signal });
  return {
    async beforeRun({ task, ctx }) {
      const context: string[] = [];
      if (hooks.has("SessionStart")) {
        const start = await hooks.run("SessionStart", { source: "startup" }, ctxOf(ctx));
        if (start.stop) return { block: start.stop.reason };
        context.push(...start.additionalContext);
      }
      if (hooks.has("UserPromptSubmit")) {
        const prompt = task.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("\n");
        const submit = await hooks.run("UserPromptSubmit", { prompt }, ctxOf(ctx));
        if (submit.decision === "deny") return { block: reasons(submit) };
        context.push(...submit.additionalContext);
      }
      return context.length ? { addContext: context.join("\n\n") } : undefined;
    },
    async beforeFinish({ continued, ctx }) {
      if (!hooks.has("Stop")) return undefined;
      const stop = await hooks.run("Stop", { stop_hook_active: continued > 0 }, ctxOf(ctx));
      // `continue: false` outranks a block: the run ends.
      if (stop.stop || stop.decision !== "deny") return undefined;
      return { continueWith: reasons(stop) };
    },
    afterTurn({ ctx }) {
      const reason = hooks.takeStop(ctx.sessionId);
      return reason === undefined ? undefined : { stop: reason };
    },
    async afterRun({ ctx }) {
      if (!ctx || !hooks.has("SessionEnd")) return;
      await hooks.run("SessionEnd", { reason: "other" }, ctxOf(ctx));
    },
  };
}

function reasons(decision: CombinedDecision): string {
  return decision.reasons.join("\n");
}
