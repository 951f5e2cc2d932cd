import type { JsonValue } from "@toolkit/core";
import type { LoopGate } from "@toolkit/loop";
import type { Middleware } from "@toolkit/registry";
import type { HookEventName, HooksConfig, ResolvedHook } from "../config/hook-config.js";
import { parseHooksConfig } from "../config/parse-hooks-config.js";
import { type CombinedDecision, combineResults, type HookMessage } from "../run/combine-results.js";
import type { HookInput } from "../run/hook-io.js";
import { matchHooks } from "../run/match-hooks.js";
import { runHook } from "../run/run-hook.js";
import type { HttpHookNetwork } from "../run/run-http-hook.js";
import { hooksGate } from "../loop-events/hooks-gate.js";
import { hooksMiddleware } from "../tool-events/hooks-middleware.js";

/** What the host's `ask` callback receives when a hook answers `ask`. */
export interface HookAskRequest {
  readonly event: HookEventName;
  /** The tool name the model used. */
  readonly tool: string;
  readonly input: unknown;
  /** The hooks' reasons. */
  readonly reasons: readonly string[];
}

/** Options for `createHooks`. */
export interface HooksOptions {
  /** Given to hooks as `CLAUDE_PROJECT_DIR` and `TOOLKIT_PROJECT_DIR`. @default the call's `ctx.cwd`, else process.cwd() */
  projectDir?: string;
  /** Sent as `transcript_path` (the trajectory file, when the host writes one). @default "" */
  transcriptPath?: string;
  /** Sent as `permission_mode`. @default "default" */
  permissionMode?: string;
  /** Routes a hook's `ask` to the user; true runs the call. Without it an `ask` is a deny (nobody can answer). */
  ask?: (request: HookAskRequest) => boolean | Promise<boolean>;
  /** Notes for the host: `systemMessage`s, non-blocking hook errors, hooks' plain output. @default errors on console.warn */
  onMessage?: (message: HookMessage) => void;
  /** The environment hooks inherit. @default process.env */
  env?: NodeJS.ProcessEnv;
  /** Which addresses `type: "http"` hooks may reach (a local hook server needs `allowHosts: ["127.0.0.1"]`). @default public addresses only */
  http?: HttpHookNetwork;
}

/** Where an event happens. */
export interface HookEventContext {
  readonly sessionId: string;
  readonly cwd: string;
  readonly signal?: AbortSignal;
}

/** A set of hooks, ready to run: as registry middleware (tool events) and by event (loop events). */
export class Hooks {
  /** Every handler, in merge order. */
  readonly hooks: readonly ResolvedHook[];
  readonly options: Readonly<HooksOptions>;
  /** `continue: false` answers of tool hooks, by session, until the loop gate ends the run. */
  readonly #stops = new Map<string, string>();

  constructor(hooks: readonly ResolvedHook[], options: HooksOptions = {}) {
    this.hooks = hooks;
    this.options = options;
  }

  /** True when some hook of `event` matches one of the names (no names: any hook of the event). */
  has(event: HookEventName, names?: readonly string[]): boolean {
    return names
      ? matchHooks(this.hooks, event, names).length > 0
      : this.hooks.some((h) => h.event === event);
  }

  /**
   * Runs the hooks of `event` whose matcher accepts one of `names` (every
   * hook of the event when `names` is omitted), in parallel, and combines
   * their answers. `fields` are the event's own input fields.
   */
  async run(
    event: HookEventName,
    fields: { readonly [k: string]: JsonValue | undefined },
    ctx: HookEventContext,
    names?: readonly string[],
  ): Promise<CombinedDecision> {
    const matched = names
      ? matchHooks(this.hooks, event, names)
      : this.hooks.filter((h) => h.event === event);
    if (matched.length === 0) return combineResults(event, []);
    const input: HookInput = {
      session_id: ctx.sessionId,
      transcript_path: this.options.transcriptPath ?? "",
      cwd: ctx.cwd,
      permission_mode: this.options.permissionMode ?? "default",
      hook_event_name: event,
      ...fields,
    };
    const runCtx = {
      cwd: ctx.cwd,
      projectDir: this.options.projectDir ?? ctx.cwd,
      ...(this.options.env ? { env: this.options.env } : {}),
      ...(this.options.http ? { http: this.options.http } : {}),
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    };
    const results = await Promise.all(matched.map((hook) => runHook(hook, input, runCtx)));
    const combined = combineResults(event, results);
    for (const message of combined.messages) this.#report(message);
    if (combined.stop && !this.#stops.has(ctx.sessionId))
      this.#stops.set(ctx.sessionId, combined.stop.reason);
    return combined;
  }

  /** The `stopReason` of a hook that answered `continue: false` in this session since the last call, then forgets it. */
  takeStop(sessionId: string): string | undefined {
    const reason = this.#stops.get(sessionId);
    this.#stops.delete(sessionId);
    return reason;
  }

  /**
   * The tool events (PreToolUse, PostToolUse, PostToolUseFailure) as
   * registry middleware. Put it first, outside permissions and approvals, so
   * an input a hook rewrote meets every rule a model's input meets.
   */
  middleware(): Middleware {
    return hooksMiddleware(this);
  }

  /**
   * The loop events (SessionStart, UserPromptSubmit, Stop, SessionEnd) as a
   * BareLoop gate: `new BareLoop({ ..., gates: [hooks.gate()] })`.
   */
  gate(): LoopGate {
    return hooksGate(this);
  }

  #report(message: HookMessage): void {
    const { onMessage } = this.options;
    if (onMessage) {
      try {
        onMessage(message);
      } catch (error) {
        console.warn(`hooks: onMessage threw: ${error instanceof Error ? error.message : String(error)}`);
      }
    } else if (message.kind === "error") {
      console.warn(`hooks: ${message.text}`);
    }
  }
}

/**
 * Hooks from code, in Claude Code's shape: an event to a list of `{ matcher,
 * hooks }`, where a hook is `{ type: "command", command, timeout }`, `{ type:
 * "function", fn }` or a plain function. `false` turns hooks off. Throws a
 * `HooksConfigError` naming any field it does not understand.
 *
 * @example
 * const hooks = createHooks({
 *   PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "./.claude/hooks/guard.sh" }] }],
 * });
 * new BareLoop({ model, registry, middleware: [hooks.middleware(), permissions(...)] });
 */
export function createHooks(config: HooksConfig | false, options: HooksOptions = {}): Hooks {
  if (config === false) return new Hooks([], options);
  return new Hooks(parseHooksConfig(config, "code"), options);
}
