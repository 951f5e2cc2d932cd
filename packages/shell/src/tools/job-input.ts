import { setTimeout as sleep } from "node:timers/promises";
import { type JsonSchema, type ToolContext, ToolBase, ToolError, ToolOutput } from "@toolkit/core";
import type { Job } from "../jobs/job.js";
import { sessionJobs } from "../jobs/session-jobs.js";
import { outputProgress } from "../progress/output-progress.js";
import { formatJobOutput, jobStatus } from "./format-jobs.js";
import { findJob } from "./jobs.js";
import { type ResolvedShellOptions, type ShellOptions, resolveShellOptions } from "./shell-options.js";

/** The named keys JobInput types after `text`. */
export const JOB_INPUT_KEYS = ["enter", "ctrl-c", "ctrl-d", "up", "down", "tab"] as const;

/** One named key. */
export type JobInputKey = (typeof JOB_INPUT_KEYS)[number];

/** What the model sends to JobInput. */
export interface JobInputInput {
  job_id: string;
  text?: string;
  keys?: JobInputKey[];
  eof?: boolean;
  yieldMs?: number;
}

/** The bytes of each key on a terminal (xterm) and on a plain pipe; null: meaningless on a pipe. */
const KEY_BYTES: Readonly<Record<JobInputKey, { tty: string; pipe: string | null }>> = {
  enter: { tty: "\r", pipe: "\n" },
  "ctrl-c": { tty: "\x03", pipe: null },
  "ctrl-d": { tty: "\x04", pipe: null },
  up: { tty: "\x1b[A", pipe: "\x1b[A" },
  down: { tty: "\x1b[B", pipe: "\x1b[B" },
  tab: { tty: "\t", pipe: "\t" },
};

/** The most characters of `text` in one call. */
const MAX_TEXT = 65_536;
/** The longest wait. */
const MAX_YIELD_MS = 30_000;

const DESCRIPTION = [
  "Types into a background job started by Shell with background: true, then replies with its new output.",
  'text is written as is (add keys: ["enter"] to submit a line); keys are named keys typed after it, in order.',
  "In a terminal job (tty: true) ctrl-c interrupts the running program and ctrl-d ends input; the reply is the terminal's text.",
  "Without tty, stdin is a pipe: eof: true closes it (ctrl-d does the same); ctrl-c needs a terminal.",
  "Waits yieldMs (default 500) for output before replying; the same new output is not shown again by Jobs output.",
].join(" ");

const SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    job_id: { type: "string", description: 'The job, e.g. "job-1".' },
    text: { type: "string", maxLength: MAX_TEXT, description: "Characters to type (no newline is added)." },
    keys: {
      type: "array",
      items: { type: "string", enum: [...JOB_INPUT_KEYS] },
      maxItems: 100,
      description: "Named keys typed after text, in order.",
    },
    eof: {
      type: "boolean",
      description: "Close the job's stdin after writing (a terminal job gets ctrl-d).",
    },
    yieldMs: {
      type: "number",
      minimum: 0,
      maximum: MAX_YIELD_MS,
      description: `Milliseconds to wait for output before replying (default 500, max ${MAX_YIELD_MS}).`,
    },
  },
  required: ["job_id"],
  additionalProperties: false,
};

/**
 * The JobInput tool: `{job_id, text?, keys?, eof?, yieldMs?}`. Writes to a
 * job's stdin (a pipe) or terminal (`tty: true`), waits `yieldMs` (or until
 * the job ends) and replies with the output since the last read, rendered to
 * plain text for a terminal. Shares the session's job table with Shell and Jobs.
 *
 * @example
 * await jobInput.call({ job_id: "job-1", text: "6*7", keys: ["enter"] }, ctx);
 */
export class JobInput extends ToolBase<JobInputInput> {
  readonly name = "JobInput";
  readonly description = DESCRIPTION;
  protected readonly inputSchema = SCHEMA;
  readonly #options: ResolvedShellOptions;

  constructor(options: ShellOptions = {}) {
    super();
    this.#options = resolveShellOptions(options);
  }

  isConcurrencySafe(): boolean {
    return false;
  }

  protected async run(input: JobInputInput, ctx: ToolContext): Promise<ToolOutput> {
    const job = findJob(sessionJobs(ctx, this.#options), "JobInput", input.job_id);
    const bytes = typed(job, input);
    const eof = input.eof === true || (job.terminal === undefined && input.keys?.at(-1) === "ctrl-d");
    if (bytes !== "" || eof) {
      const refusal = job.inputRefusal();
      if (refusal !== undefined) {
        throw ToolError.execution(`cannot write to ${job.id}: ${refusal} (${jobStatus(job)})`, {
          advice: `Read what is left with Jobs {"operation": "output", "job_id": "${job.id}"}, or start a new job.`,
        });
      }
      if (bytes !== "") job.write(bytes);
      if (eof) {
        if (job.terminal) job.write(KEY_BYTES["ctrl-d"].tty);
        else job.closeStdin();
      }
    }
    // While it waits, a listening host sees the job's new lines (a terminal's raw bytes are not lines: not sent).
    const live =
      ctx.hasProgressListener && job.terminal === undefined
        ? outputProgress({
            report: (update) => ctx.progress(update),
            stalledOutputMs: this.#options.stalledOutputMs,
          })
        : undefined;
    const unlisten = live ? job.listen(live.push) : undefined;
    try {
      await waitFor(job, input.yieldMs ?? 500, ctx.signal);
    } finally {
      unlisten?.();
      live?.end();
    }
    return ToolOutput.text(await formatJobOutput(job));
  }
}

/** The bytes `text` and `keys` type on this job; a soft error for a key a pipe cannot carry. */
function typed(job: Job, { text = "", keys = [] }: JobInputInput): string {
  const tty = job.terminal !== undefined;
  let out = text;
  for (const [i, key] of keys.entries()) {
    const bytes = KEY_BYTES[key];
    if (tty) out += bytes.tty;
    else if (key === "ctrl-d" && i === keys.length - 1)
      continue; // closes stdin (eof)
    else if (bytes.pipe === null) {
      throw ToolError.invalidInput(
        `\`keys[${i}]\` "${key}" needs a terminal, and ${job.id} runs without one (stdin is a pipe); ` +
          `${key === "ctrl-c" ? 'stop it with Jobs {"operation": "kill"}' : "use eof: true to end its input"}, or start it with tty: true`,
      );
    } else out += bytes.pipe;
  }
  return out;
}

/** Waits `ms`, or less when the job ends or the call is cancelled. */
async function waitFor(job: Job, ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || job.state !== "running") return;
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    await Promise.race([sleep(ms, undefined, { signal: stop.signal }).catch(() => undefined), job.done]);
  } finally {
    stop.abort();
    signal.removeEventListener("abort", onAbort);
  }
}
