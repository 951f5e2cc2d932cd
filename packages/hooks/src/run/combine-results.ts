import type { JsonValue } from "@toolkit/core";
import type { HookEventName } from "../config/hook-config.js";
import type { HookResult } from "./run-hook.js";

/** A note for the host (never for the model): a `systemMessage`, a non-blocking error, a hook's plain output. */
export interface HookMessage {
  readonly kind: "systemMessage" | "error" | "output";
  readonly event: HookEventName;
  /** The hook's command, or `"function"`. */
  readonly hook: string;
  readonly source: string;
  readonly text: string;
}

/**
 * What the hooks of one event decided together. Deny beats ask, and ask
 * beats allow; a block (exit 2, `decision: "block"`, `permissionDecision:
 * "deny"`, a failure under `onFailure: "block"`) is a deny.
 */
export interface CombinedDecision {
  readonly decision: "allow" | "deny" | "ask" | undefined;
  /** The reasons of the deciding hooks (for a deny, what the model reads). */
  readonly reasons: readonly string[];
  /** The rewritten input, when hooks gave one (two different rewrites are a deny). */
  readonly updatedInput: { [k: string]: JsonValue } | undefined;
  /** Text for the model: `additionalContext`, and plain stdout where Claude Code adds it (UserPromptSubmit, SessionStart). */
  readonly additionalContext: readonly string[];
  /** Set when a hook answered `continue: false`: the run ends, with this reason for the user. */
  readonly stop: { readonly reason: string } | undefined;
  readonly messages: readonly HookMessage[];
  readonly results: readonly HookResult[];
}

const STDOUT_IS_CONTEXT: ReadonlySet<HookEventName> = new Set(["UserPromptSubmit", "SessionStart"]);

/** Folds the results of the hooks of one event (run in parallel) into one decision. */
export function combineResults(event: HookEventName, results: readonly HookResult[]): CombinedDecision {
  const deny: string[] = [];
  const ask: string[] = [];
  const allow: string[] = [];
  const context: string[] = [];
  const messages: HookMessage[] = [];
  const rewrites: { [k: string]: JsonValue }[] = [];
  let stop: { reason: string } | undefined;

  for (const r of results) {
    const handler = r.hook.handler;
    const hook =
      handler.type === "command" ? handler.command : handler.type === "http" ? handler.url : "function";
    const note = (kind: HookMessage["kind"], text: string) =>
      messages.push({ kind, event, hook, source: r.hook.source, text });
    if (r.status === "block") {
      deny.push(r.stderr.trim() || `the ${event} hook \`${hook}\` blocked this (exit code 2)`);
      continue;
    }
    if (r.status === "error" || r.status === "failed") {
      const what = `the ${event} hook \`${hook}\` ${r.status === "failed" ? "failed" : "errored"}: ${r.problem}`;
      if (handler.onFailure === "block") deny.push(`${what} (onFailure: "block")`);
      else note("error", what);
      continue;
    }
    const out = r.output;
    if (!out) {
      const text = r.stdout.trim();
      if (text && STDOUT_IS_CONTEXT.has(event)) context.push(text);
      else if (text) note("output", text);
      continue;
    }
    if (out.systemMessage) note("systemMessage", out.systemMessage);
    if (out.continue === false)
      stop ??= { reason: out.stopReason ?? `the ${event} hook \`${hook}\` stopped the run` };
    const specific = out.hookSpecificOutput;
    const decision =
      specific?.permissionDecision ??
      (out.decision === "block" ? "deny" : out.decision === "approve" ? "allow" : undefined);
    const reason = specific?.permissionDecisionReason ?? out.reason ?? "";
    if (decision === "deny") deny.push(reason || `the ${event} hook \`${hook}\` blocked this`);
    else if (decision === "ask") ask.push(reason);
    else if (decision === "allow") allow.push(reason);
    if (specific?.updatedInput) rewrites.push(specific.updatedInput);
    if (specific?.additionalContext) context.push(specific.additionalContext);
  }
  const distinct = new Set(rewrites.map((r) => JSON.stringify(r)));
  if (distinct.size > 1) deny.push(`${distinct.size} ${event} hooks rewrote the input differently`);
  if (stop && deny.length === 0) deny.push(stop.reason);
  const decision = deny.length ? "deny" : ask.length ? "ask" : allow.length ? "allow" : undefined;
  return {
    decision,
    reasons: decision === "deny" ? deny : decision === "ask" ? ask : allow,
    updatedInput: distinct.size === 1 ? rewrites[0] : undefined,
    additionalContext: context,
    stop,
    messages,
    results,
  };
}
