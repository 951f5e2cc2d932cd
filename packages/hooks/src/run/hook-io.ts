import type { JsonValue } from "@toolkit/core";
import type { HookEventName } from "../config/hook-config.js";

/**
 * What a hook reads on stdin: Claude Code's documented fields. Tool events
 * add `tool_name`, `tool_input`, `tool_use_id` (and `tool_response` or
 * `error` after the call); loop events add their own (`prompt`,
 * `stop_hook_active`, `source`, `reason`, `trigger`, `message`).
 */
export interface HookInput {
  readonly session_id: string;
  /** The trajectory file, when the host writes one; otherwise an empty string. */
  readonly transcript_path: string;
  readonly cwd: string;
  /** `"default"`, or what the host passes as `permissionMode`. */
  readonly permission_mode: string;
  readonly hook_event_name: HookEventName;
  readonly [field: string]: JsonValue | undefined;
}

/** The fields of `hookSpecificOutput` Toolkit reads. */
export interface HookSpecificOutput {
  readonly hookEventName?: string;
  /** PreToolUse and PermissionRequest: allow, deny or ask (deny beats ask beats allow across hooks). */
  readonly permissionDecision?: "allow" | "deny" | "ask";
  readonly permissionDecisionReason?: string;
  /** PreToolUse: the tool's input rewritten (validated again like the model's input). */
  readonly updatedInput?: { readonly [k: string]: JsonValue };
  /** Text added for the model. */
  readonly additionalContext?: string;
}

/** A hook's JSON answer on stdout (exit 0), or a function hook's return value. */
export interface HookJsonOutput {
  /** False ends the run after this event (`stopReason` is shown to the user). @default true */
  readonly continue?: boolean;
  readonly stopReason?: string;
  /** Keep the hook's stdout out of the host's log. */
  readonly suppressOutput?: boolean;
  /** A notice for the user (the host's `onMessage`), never for the model. */
  readonly systemMessage?: string;
  /** `"block"` with a `reason` blocks (PreToolUse also takes the older `"approve"`). */
  readonly decision?: "block" | "approve";
  readonly reason?: string;
  readonly hookSpecificOutput?: HookSpecificOutput;
}

const OUTPUT_KEYS: ReadonlySet<string> = new Set([
  "continue",
  "stopReason",
  "suppressOutput",
  "systemMessage",
  "decision",
  "reason",
  "hookSpecificOutput",
]);
const SPECIFIC_KEYS: ReadonlySet<string> = new Set([
  "hookEventName",
  "permissionDecision",
  "permissionDecisionReason",
  "updatedInput",
  "additionalContext",
]);

/**
 * Checks a hook's JSON answer. Returns the typed output, or a message naming
 * the first field it does not understand (the hook then counts as failed).
 */
export function checkHookOutput(value: unknown): { output: HookJsonOutput } | { problem: string } {
  if (!isRecord(value)) return { problem: `the JSON output must be an object, got ${show(value)}` };
  for (const key of Object.keys(value)) {
    if (!OUTPUT_KEYS.has(key)) return { problem: `\`${key}\` is not an output field Toolkit understands` };
  }
  const bad =
    typeOr(value, "continue", "boolean") ??
    typeOr(value, "stopReason", "string") ??
    typeOr(value, "suppressOutput", "boolean") ??
    typeOr(value, "systemMessage", "string") ??
    typeOr(value, "reason", "string");
  if (bad) return { problem: bad };
  if (value.decision !== undefined && value.decision !== "block" && value.decision !== "approve") {
    return { problem: `\`decision\` must be "block" or "approve", got ${show(value.decision)}` };
  }
  const specific = value.hookSpecificOutput;
  if (specific !== undefined) {
    if (!isRecord(specific))
      return { problem: `\`hookSpecificOutput\` must be an object, got ${show(specific)}` };
    for (const key of Object.keys(specific)) {
      if (!SPECIFIC_KEYS.has(key)) {
        return { problem: `\`hookSpecificOutput.${key}\` is not an output field Toolkit understands` };
      }
    }
    const d = specific.permissionDecision;
    if (d !== undefined && d !== "allow" && d !== "deny" && d !== "ask") {
      return {
        problem: `\`hookSpecificOutput.permissionDecision\` must be "allow", "deny" or "ask", got ${show(d)}`,
      };
    }
    const badSpecific =
      typeOr(specific, "hookEventName", "string", "hookSpecificOutput.") ??
      typeOr(specific, "permissionDecisionReason", "string", "hookSpecificOutput.") ??
      typeOr(specific, "additionalContext", "string", "hookSpecificOutput.");
    if (badSpecific) return { problem: badSpecific };
    if (specific.updatedInput !== undefined && !isRecord(specific.updatedInput)) {
      return {
        problem: `\`hookSpecificOutput.updatedInput\` must be an object, got ${show(specific.updatedInput)}`,
      };
    }
  }
  return { output: value as HookJsonOutput };
}

function typeOr(
  record: Record<string, unknown>,
  key: string,
  type: "string" | "boolean",
  prefix = "",
): string | undefined {
  const v = record[key];
  if (v === undefined || typeof v === type) return undefined;
  return `\`${prefix}${key}\` must be a ${type}, got ${show(v)}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 80)}...` : text;
}
