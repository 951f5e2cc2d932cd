import { performance } from "node:perf_hooks";
import type { ResolvedHook } from "../config/hook-config.js";
import { checkHookOutput, type HookInput, type HookJsonOutput } from "./hook-io.js";
import { runCommandHook } from "./run-command-hook.js";
import { type HttpHookNetwork, runHttpHook } from "./run-http-hook.js";

/** Claude Code's default hook timeout. */
export const DEFAULT_HOOK_TIMEOUT_S = 60;

/**
 * How one hook ended. `success`: exit 0 (its JSON, if any, in `output`).
 * `block`: exit 2 (its stderr is the reason). `error`: any other exit code,
 * or output Toolkit does not understand. `failed`: it timed out, crashed
 * (died of a signal, threw) or could not start.
 */
export interface HookResult {
  readonly hook: ResolvedHook;
  readonly status: "success" | "block" | "error" | "failed";
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** The JSON answer of a hook that exited 0 with a JSON object on stdout. */
  readonly output: HookJsonOutput | undefined;
  /** For `error` and `failed`: what went wrong, for the host's log. */
  readonly problem: string | undefined;
  readonly durationMs: number;
}

/** Where and how hooks run. */
export interface HookRunContext {
  /** The hook's working directory (the session's cwd). */
  readonly cwd: string;
  /** Given to hooks as `CLAUDE_PROJECT_DIR` and `TOOLKIT_PROJECT_DIR`. */
  readonly projectDir: string;
  /** The environment hooks inherit. @default process.env */
  readonly env?: NodeJS.ProcessEnv;
  readonly signal?: AbortSignal;
  /** Which addresses http hooks may reach. @default public addresses only */
  readonly http?: HttpHookNetwork;
}

/** Runs one hook with the event's input. Never rejects. */
export async function runHook(
  hook: ResolvedHook,
  input: HookInput,
  ctx: HookRunContext,
): Promise<HookResult> {
  const start = performance.now();
  const timeoutMs = (hook.handler.timeout ?? DEFAULT_HOOK_TIMEOUT_S) * 1000;
  const done = (partial: Omit<HookResult, "hook" | "durationMs">): HookResult => ({
    hook,
    ...partial,
    durationMs: performance.now() - start,
  });
  const handler = hook.handler;
  if (handler.type === "function") {
    const controller = new AbortController();
    const stop = () => controller.abort();
    ctx.signal?.addEventListener("abort", stop, { once: true });
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new Error(`timed out after ${timeoutMs / 1000}s`));
        }, timeoutMs);
      });
      const answer = await Promise.race([
        Promise.resolve().then(() => handler.fn(input, { signal: controller.signal })),
        timeout,
      ]);
      if (answer === undefined) return done(blank("success"));
      const checked = checkHookOutput(answer);
      if ("problem" in checked) return done({ ...blank("error"), problem: checked.problem });
      return done({ ...blank("success"), output: checked.output });
    } catch (error) {
      return done({ ...blank("failed"), problem: error instanceof Error ? error.message : String(error) });
    } finally {
      clearTimeout(timer);
      ctx.signal?.removeEventListener("abort", stop);
    }
  }
  if (handler.type === "http") {
    const sent = await runHttpHook({
      url: handler.url,
      headers: handler.headers ?? {},
      body: JSON.stringify(input),
      timeoutMs,
      ...(ctx.signal ? { signal: ctx.signal } : {}),
      ...ctx.http,
    });
    const base = { exitCode: null, stdout: sent.body, stderr: "", output: undefined };
    if (sent.failure !== undefined) return done({ ...base, status: "failed", problem: sent.failure });
    const status = sent.status ?? 0;
    if (status < 200 || status > 299) {
      return done({ ...base, status: "error", problem: `answered HTTP ${status}` });
    }
    return done(readStdout(base));
  }
  const env = {
    ...(ctx.env ?? process.env),
    CLAUDE_PROJECT_DIR: ctx.projectDir,
    TOOLKIT_PROJECT_DIR: ctx.projectDir,
  };
  const ran = await runCommandHook({
    command: handler.command,
    stdin: JSON.stringify(input),
    cwd: ctx.cwd,
    env,
    timeoutMs,
    ...(ctx.signal ? { signal: ctx.signal } : {}),
  });
  const base = { exitCode: ran.exitCode, stdout: ran.stdout, stderr: ran.stderr, output: undefined };
  if (ran.failure !== undefined) return done({ ...base, status: "failed", problem: ran.failure });
  if (ran.exitCode === 2) return done({ ...base, status: "block", problem: undefined });
  if (ran.exitCode !== 0) {
    const detail = ran.stderr.trim() ? `: ${ran.stderr.trim()}` : "";
    return done({ ...base, status: "error", problem: `exited with code ${ran.exitCode}${detail}` });
  }
  return done(readStdout(base));
}

/** A successful hook's stdout (or response body): JSON when it is a JSON object, else plain text. */
function readStdout(
  base: Omit<HookResult, "hook" | "durationMs" | "status" | "problem">,
): Omit<HookResult, "hook" | "durationMs"> {
  const text = base.stdout.trim();
  // Claude Code reads stdout as JSON only when it is JSON; plain text stays text.
  if (!text.startsWith("{")) return { ...base, status: "success", problem: undefined };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ...base, status: "success", problem: undefined };
  }
  const checked = checkHookOutput(parsed);
  if ("problem" in checked) return { ...base, status: "error", problem: checked.problem };
  return { ...base, status: "success", output: checked.output, problem: undefined };
}

function blank(status: HookResult["status"]): Omit<HookResult, "hook" | "durationMs"> {
  return { status, exitCode: null, stdout: "", stderr: "", output: undefined, problem: undefined };
}
