import {
  checkInputShape,
  errorMessage,
  type JsonValue,
  type Tool,
  ToolError,
  type ToolOutput,
  validateInput,
} from "@toolkit/core";
import type { DispatchCall, Middleware, Next } from "@toolkit/registry";
import type { Hooks } from "../engine/create-hooks.js";
import { claudeCodeName, fromClaudeCode, toClaudeCode } from "../names/claude-code-names.js";

interface Matched {
  readonly names: readonly string[];
  readonly pre: boolean;
  readonly post: boolean;
  readonly failure: boolean;
}

const cacheOf = new WeakMap<Hooks, WeakMap<Tool, Map<string, Matched>>>();

/**
 * PreToolUse, PostToolUse and PostToolUseFailure around each real call (a
 * rejected call passes straight through). A call no hook matches costs a
 * WeakMap lookup and hands on the same promise (no extra await); a
 * matching command hook costs one process per call.
 */
export function hooksMiddleware(hooks: Hooks): Middleware {
  // Keyed by the tool object (a tool replaced under the same name is looked at afresh), then by name;
  // shared by every layer made from these hooks.
  let matchedBy = cacheOf.get(hooks);
  if (!matchedBy) {
    matchedBy = new WeakMap();
    cacheOf.set(hooks, matchedBy);
  }
  const cache = matchedBy;
  const lookup = (name: string, tool: Tool): Matched => {
    let byName = cache.get(tool);
    let found = byName?.get(name);
    if (found) return found;
    const cc = claudeCodeName(name, tool);
    const names = cc === name ? [cc] : [cc, name];
    found = {
      names,
      pre: hooks.has("PreToolUse", names),
      post: hooks.has("PostToolUse", names),
      failure: hooks.has("PostToolUseFailure", names),
    };
    if (!byName) {
      byName = new Map();
      cache.set(tool, byName);
    }
    byName.set(name, found);
    return found;
  };

  return function hooksMiddleware(call: DispatchCall, next: Next): Promise<ToolOutput> {
    if (call.rejection !== undefined || call.tool === undefined) return next(call);
    const matched = lookup(call.name, call.tool);
    if (!matched.pre && !matched.post && !matched.failure) return next(call);
    return runToolHooks(hooks, matched, call, call.tool, next);
  };
}

/** The slow path: a call some hook matches. */
async function runToolHooks(
  hooks: Hooks,
  matched: Matched,
  call: DispatchCall,
  tool: Tool,
  next: Next,
): Promise<ToolOutput> {
  const ctx = { sessionId: call.ctx.sessionId, cwd: call.ctx.cwd, signal: call.ctx.signal };
  let current = call;

  if (matched.pre) {
    const shown = toClaudeCode(call.name, tool, call.input, call.ctx.cwd);
    const pre = await hooks.run(
      "PreToolUse",
      { tool_name: shown.name, tool_input: shown.input, tool_use_id: call.id },
      ctx,
      matched.names,
    );
    if (pre.decision === "deny") {
      return ToolError.permission(
        `a PreToolUse hook refused this call: ${pre.reasons.join("; ")}`,
      ).toOutput();
    }
    if (pre.updatedInput) {
      const rewritten = fromClaudeCode(call.name, tool, pre.updatedInput, call.input, call.ctx.cwd);
      try {
        checkInputShape(rewritten);
        const normalized = tool.normalizeInput ? tool.normalizeInput(rewritten) : rewritten;
        // Not marked as validated: the tool checks it once more against its own schema.
        current = { ...call, input: validateInput(tool.schema().input_schema, normalized) };
      } catch (error) {
        return ToolError.invalidInput(
          `the input a PreToolUse hook rewrote does not fit '${call.name}': ${errorMessage(error)}`,
        ).toOutput();
      }
    }
    if (pre.decision === "ask") {
      const ask = hooks.options.ask;
      const approved = ask
        ? await ask({ event: "PreToolUse", tool: call.name, input: current.input, reasons: pre.reasons })
        : false;
      if (approved !== true) {
        const why = ask ? "the user did not approve it" : "nobody can approve it (no `ask` callback)";
        return ToolError.permission(
          `a PreToolUse hook asked for approval of this call and ${why}${reasonList(pre.reasons)}`,
        ).toOutput();
      }
    }
  }
  if (!matched.post && !matched.failure) return next(current);

  let output: ToolOutput;
  try {
    output = await next(current);
  } catch (error) {
    if (matched.failure) await failureHooks(hooks, current, errorMessage(error), matched.names, ctx);
    throw error;
  }
  if (output.isError) {
    if (!matched.failure) return output;
    const extra = await failureHooks(hooks, current, output.textContent(), matched.names, ctx);
    return extra ? output.withText(`${output.textContent()}${extra}`) : output;
  }
  if (!matched.post) return output;
  const shown = toClaudeCode(current.name, tool, current.input, current.ctx.cwd);
  const post = await hooks.run(
    "PostToolUse",
    {
      tool_name: shown.name,
      tool_input: shown.input,
      tool_use_id: current.id,
      tool_response: toolResponse(output),
    },
    ctx,
    matched.names,
  );
  const extra = feedback("PostToolUse", post.decision === "deny" ? post.reasons : [], post.additionalContext);
  return extra ? output.withText(`${output.textContent()}${extra}`) : output;
}

async function failureHooks(
  hooks: Hooks,
  call: DispatchCall,
  error: string,
  names: readonly string[],
  ctx: { sessionId: string; cwd: string; signal: AbortSignal },
): Promise<string> {
  const shown = toClaudeCode(call.name, call.tool, call.input, call.ctx.cwd);
  const result = await hooks.run(
    "PostToolUseFailure",
    {
      tool_name: shown.name,
      tool_input: shown.input,
      tool_use_id: call.id,
      error,
      is_interrupt: call.ctx.signal.aborted,
    },
    ctx,
    names,
  );
  return feedback(
    "PostToolUseFailure",
    result.decision === "deny" ? result.reasons : [],
    result.additionalContext,
  );
}

/** The text a post-call hook adds for the model: its block reasons, then its additional context. */
function feedback(event: string, reasons: readonly string[], context: readonly string[]): string {
  let text = "";
  for (const reason of reasons) text += `\n\n${event} hook feedback: ${reason}`;
  for (const extra of context) text += `\n\n${event} hook context: ${extra}`;
  return text;
}

/** `tool_response`: the structured value when the tool gave one, else its text. */
function toolResponse(output: ToolOutput): JsonValue {
  const value = output.structuredValue();
  return value === undefined ? output.textContent() : (value as JsonValue);
}

function reasonList(reasons: readonly string[]): string {
  const given = reasons.filter((r) => r.trim() !== "");
  return given.length ? `: ${given.join("; ")}` : "";
}
