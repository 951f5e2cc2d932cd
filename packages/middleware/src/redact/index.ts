import { errorMessage, ToolError, type ToolOutput, type ToolProgress } from "@toolkit/core";
import type { DispatchCall, Middleware, Next } from "@toolkit/registry";
import { badOption } from "../shared/options.js";
import { redactSecrets, SECRET_PATTERNS, type SecretPattern } from "./secret-patterns.js";

/** Options for `redact()`. */
export interface RedactOptions {
  /**
   * More patterns, applied after the built-ins. A bare RegExp is named
   * `custom`; the `g` flag is added when missing. A pattern that matches the
   * empty string is refused. @default []
   */
  patterns?: readonly (RegExp | SecretPattern)[];
  /** Apply the built-in patterns (`SECRET_PATTERNS`). @default true */
  builtins?: boolean;
}

/**
 * Removes secrets from what the model receives: API keys (OpenAI
 * `sk-...`, Anthropic `sk-ant-...`, AWS `AKIA...` and secret access keys,
 * GitHub `ghp_...`/`github_pat_...`, Slack `xox*-`, Google `AIza...`, Stripe),
 * JWTs, bearer tokens and PEM private keys, plus your own patterns. Each is
 * replaced by `[REDACTED:<name>]` in the text of every answer, in the
 * message of a thrown error and in the `output` and `message` of every
 * progress update (each update is judged on its own: tools that report whole
 * lines, as Shell does, keep a one-line secret whole); the output's
 * `meta.redacted` holds the count.
 * Put it inside `trace` and any logging layer so they never see a secret.
 *
 * @example
 * dispatch(registry, calls, { middleware: [redact({ patterns: [/corp-[a-z0-9]{24}/] })] });
 */
export function redact(options: RedactOptions = {}): Middleware {
  const { patterns = [], builtins = true } = options;
  if (typeof builtins !== "boolean") throw badOption("redact", "builtins", "a boolean", builtins);
  if (!Array.isArray(patterns)) throw badOption("redact", "patterns", "an array of RegExp", patterns);
  const own: SecretPattern[] = builtins ? [...SECRET_PATTERNS] : [];
  patterns.forEach((entry, i) => {
    own.push(userPattern(entry, i));
  });
  // The built-in list itself when nothing was added: redactSecrets then skips sorting the list per call.
  const list: readonly SecretPattern[] = builtins && patterns.length === 0 ? SECRET_PATTERNS : own;

  return async function redactMiddleware(call: DispatchCall, next: Next): Promise<ToolOutput> {
    let output: ToolOutput;
    const { ctx } = call;
    // Progress goes to the host as it happens: it is cleaned here too, and only when someone listens.
    const inner = ctx.hasProgressListener
      ? { ...call, ctx: ctx.withProgress((update) => ctx.progress(redactProgress(update, list))) }
      : call;
    try {
      output = await next(inner);
    } catch (error) {
      throw redactError(error, list);
    }
    const { text, count } = redactSecrets(output.textContent(), list);
    return count === 0 ? output : output.withText(text).withMeta("redacted", count);
  };
}

function redactProgress(update: ToolProgress, list: readonly SecretPattern[]): ToolProgress {
  const clean: ToolProgress = { ...update };
  if (update.output !== undefined) clean.output = redactSecrets(update.output, list).text;
  if (update.message !== undefined) clean.message = redactSecrets(update.message, list).text;
  return clean;
}

function userPattern(entry: unknown, i: number): SecretPattern {
  const option = `patterns[${i}]`;
  const named = entry !== null && typeof entry === "object" && !(entry instanceof RegExp);
  const name = named ? (entry as { name?: unknown }).name : "custom";
  const pattern = named ? (entry as { pattern?: unknown }).pattern : entry;
  if (typeof name !== "string" || name === "")
    throw badOption("redact", `${option}.name`, "a non-empty string", name);
  if (!(pattern instanceof RegExp)) {
    throw badOption("redact", named ? `${option}.pattern` : option, "a RegExp or { name, pattern }", pattern);
  }
  const global = new RegExp(
    pattern.source,
    pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`,
  );
  if (new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, "")).test("")) {
    throw new TypeError(`redact: \`${option}\` must not match the empty string, got ${pattern}`);
  }
  return { name, pattern: global };
}

/**
 * The same failure with secrets removed from its message (and a ToolError's
 * advice). Never throws: a value whose message cannot be read is judged by
 * the description dispatch will give it (`errorMessage`).
 */
function redactError(error: unknown, list: readonly SecretPattern[]): unknown {
  if (ToolError.is(error)) {
    try {
      const message = redactSecrets(error.message, list);
      const advice = redactSecrets(error.advice, list);
      if (message.count + advice.count === 0) return error;
      return new ToolError(error.kind, message.text, { advice: advice.text });
    } catch {
      // A look-alike whose fields cannot be read: judged by its description below.
    }
  }
  const { text, count } = redactSecrets(errorMessage(error), list);
  if (count === 0) return error;
  const clean = new Error(text);
  clean.name = errorName(error) ?? clean.name;
  return clean;
}

function errorName(error: unknown): string | undefined {
  try {
    return error instanceof Error && typeof error.name === "string" ? error.name : undefined;
  } catch {
    return undefined;
  }
}
