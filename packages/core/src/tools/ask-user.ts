import type { ToolContext } from "../context/context.js";
import { ToolError } from "../errors/error.js";
import type { JsonSchema } from "../json/json.js";
import { ToolOutput } from "../output/output.js";
import { ToolBase } from "../tool-base/tool-base.js";

/**
 * Asks the person at the host a question and resolves with their answer.
 * `options` are suggested answers (the user may still type their own);
 * `signal` fires when the call is cancelled, and the prompt should close.
 */
export type AskUserFunction = (
  question: string,
  options: readonly string[],
  signal: AbortSignal,
) => Promise<string>;

/** Options of AskUser. */
export interface AskUserOptions {
  /** How the host asks. Without it, every call answers that there is no user to ask. */
  ask?: AskUserFunction;
}

/** The soft failure a session with no user gets. */
export const NO_USER_TO_ASK =
  "There is no user to ask in this session. Decide yourself and say what you assumed.";

const DESCRIPTION = [
  "Ask the user a question and wait for the answer. Use it only when you cannot go on without a decision",
  "that is the user's to make (which of two designs, whether to delete something, a missing requirement),",
  "not for anything you can find out with the other tools. Ask one clear question; offer a few short options",
  "when the choices are known, best first. The reply is the user's answer.",
].join(" ");

const INPUT_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    question: { type: "string", minLength: 1, maxLength: 2_000, description: "One clear question." },
    options: {
      type: "array",
      description: "Suggested answers, best first (optional).",
      items: { type: "string", minLength: 1, maxLength: 200 },
      maxItems: 10,
    },
  },
  required: ["question"],
  additionalProperties: false,
};

/**
 * A question for the user. The host supplies `ask`; with none, or on a
 * non-interactive context, the call is a soft failure telling the model to
 * decide itself. One question at a time: not concurrency-safe.
 */
export class AskUser extends ToolBase<{ question: string; options?: string[] }> {
  readonly name = "AskUser";
  readonly description = DESCRIPTION;
  protected readonly inputSchema = INPUT_SCHEMA;
  readonly #ask: AskUserFunction | undefined;

  constructor(options: AskUserOptions = {}) {
    if (options.ask !== undefined && typeof options.ask !== "function") {
      throw new TypeError(
        `AskUser: \`ask\` must be a function (question, options, signal) => Promise<string>, got ${typeof options.ask}`,
      );
    }
    super();
    this.#ask = options.ask;
  }

  protected async run(
    { question, options = [] }: { question: string; options?: string[] },
    ctx: ToolContext,
  ): Promise<ToolOutput> {
    if (new Set(options).size !== options.length) {
      throw ToolError.invalidInput("`options` lists the same answer twice", {
        advice: "List each option once.",
      });
    }
    // A guessed isNonInteractive (no TTY on stdin) does not stop a host that gave `ask`: it has a way to its user.
    const noUser = ctx.isNonInteractive && ctx.isNonInteractiveGuessed !== true;
    if (this.#ask === undefined || noUser) return ToolOutput.errorText(NO_USER_TO_ASK);
    if (ctx.signal.aborted) throw ToolError.cancelled();
    let answer: unknown;
    try {
      answer = await this.#ask(question, options, ctx.signal);
    } catch (error) {
      if (ctx.signal.aborted) throw ToolError.cancelled();
      throw ToolError.execution(
        `the host could not ask the user: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (typeof answer !== "string") {
      throw ToolError.execution(`the host's \`ask\` resolved with ${typeof answer}, not the answer text`);
    }
    return ToolOutput.text(answer.trim() === "" ? "(the user gave an empty answer)" : answer);
  }

  isConcurrencySafe(): boolean {
    return false;
  }
  isReadOnly(): boolean {
    return true;
  }
}
