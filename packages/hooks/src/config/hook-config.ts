import type { HookInput, HookJsonOutput } from "../run/hook-io.js";

/** The events Toolkit runs hooks for, named as Claude Code names them. */
export const HOOK_EVENTS = [
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "UserPromptSubmit",
  "Stop",
  "SessionStart",
  "SessionEnd",
] as const;

/** Claude Code events no Toolkit host fires yet: a configuration naming one is refused, not silently idle. */
export const UNSUPPORTED_EVENTS: ReadonlySet<string> = new Set([
  "PermissionRequest",
  "PermissionDenied",
  "SubagentStart",
  "SubagentStop",
  "PreCompact",
  "PostCompact",
  "Notification",
]);

/** One of `HOOK_EVENTS`. */
export type HookEventName = (typeof HOOK_EVENTS)[number];

/** What a hook that times out or crashes does: Claude Code's default lets the action go on; `"block"` fails closed. */
export type HookFailureMode = "continue" | "block";

/** A shell command, run by `bash -c` with the event's JSON on stdin. */
export interface CommandHook {
  readonly type: "command";
  /** The command line; `$CLAUDE_PROJECT_DIR` and `$TOOLKIT_PROJECT_DIR` name the project. */
  readonly command: string;
  /** Seconds before the process group is killed. @default 60 */
  readonly timeout?: number;
  /** @default "continue" */
  readonly onFailure?: HookFailureMode;
}

/** A POST of the event's JSON to a URL, behind web-fetch's SSRF guard; a 2xx response body is read as a command hook's stdout. */
export interface HttpHook {
  readonly type: "http";
  /** An http(s) URL. */
  readonly url: string;
  /** Seconds before the request is abandoned. @default 60 */
  readonly timeout?: number;
  /** Extra request headers. @default {} */
  readonly headers?: Readonly<Record<string, string>>;
  /** @default "continue" */
  readonly onFailure?: HookFailureMode;
}

/** A hook written in code: it gets the same input object and answers with Claude Code's JSON output (or nothing). */
export type HookFunction = (
  input: HookInput,
  options: { signal: AbortSignal },
) => HookJsonOutput | undefined | Promise<HookJsonOutput | undefined>;

/** A function hook with its own timeout and failure mode. */
export interface FunctionHook {
  readonly type: "function";
  readonly fn: HookFunction;
  /** Seconds before the hook counts as timed out. @default 60 */
  readonly timeout?: number;
  /** @default "continue" */
  readonly onFailure?: HookFailureMode;
}

/** One hook handler. */
export type HookHandler = CommandHook | HttpHook | FunctionHook;

/** A matcher and the hooks it runs, as in Claude Code's settings. */
export interface HookMatcherGroup {
  /** A tool name, `A|B`, or a regular expression; empty, absent or `*` matches everything. */
  readonly matcher?: string;
  /** The hooks; in code a plain function stands for `{ type: "function", fn }`. */
  readonly hooks: readonly (HookHandler | HookFunction)[];
}

/** The `hooks` key of a settings file: an event to its matcher groups. */
export type HooksConfig = { readonly [E in HookEventName]?: readonly HookMatcherGroup[] };

/** A hook handler with where it came from, after merging. */
export interface ResolvedHook {
  readonly event: HookEventName;
  readonly matcher: string;
  readonly handler: HookHandler;
  /** The file it was read from, or `"code"`. */
  readonly source: string;
}
