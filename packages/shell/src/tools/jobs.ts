import { type JsonSchema, type ToolContext, ToolBase, ToolError, ToolOutput } from "@toolkit/core";
import type { Job } from "../jobs/job.js";
import type { JobTable } from "../jobs/job-table.js";
import { sessionJobs } from "../jobs/session-jobs.js";
import { formatJobList, formatJobOutput, jobStatus } from "./format-jobs.js";
import { type ResolvedShellOptions, type ShellOptions, resolveShellOptions } from "./shell-options.js";

/** What the model sends to Jobs. */
interface JobsInput {
  operation: "list" | "output" | "kill" | "cleanup";
  job_id?: string;
}

const DESCRIPTION = [
  "Manages background jobs started by Shell with background: true.",
  "list: every job with its state. output: new output of a job since the last output call, with its state and exit code.",
  "kill: stops a job and every process it started. cleanup: forgets finished jobs.",
  "Jobs belong to this session and are killed when it ends.",
].join(" ");

const SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    operation: { type: "string", enum: ["list", "output", "kill", "cleanup"], description: "What to do." },
    job_id: { type: "string", description: 'The job, e.g. "job-1" (needed by output and kill).' },
  },
  required: ["operation"],
  additionalProperties: false,
};

/**
 * The Jobs tool: `{operation, job_id?}` over the session's job table
 * (shared with Shell). An unknown id is a soft error naming the known ids.
 *
 * @example
 * await jobs.call({ operation: "output", job_id: "job-1" }, ctx);
 */
export class Jobs extends ToolBase<JobsInput> {
  readonly name = "Jobs";
  readonly description = DESCRIPTION;
  protected readonly inputSchema = SCHEMA;
  readonly #options: ResolvedShellOptions;

  constructor(options: ShellOptions = {}) {
    super();
    this.#options = resolveShellOptions(options);
  }

  protected async run({ operation, job_id }: JobsInput, ctx: ToolContext): Promise<ToolOutput> {
    const table = sessionJobs(ctx, this.#options);
    switch (operation) {
      case "list":
        return ToolOutput.text(formatJobList(table.list()));
      case "cleanup": {
        const removed = table.cleanup();
        return ToolOutput.text(`Removed ${removed} finished job${removed === 1 ? "" : "s"}.`);
      }
      case "output":
        return ToolOutput.text(await formatJobOutput(findJob(table, operation, job_id)));
      case "kill":
        return ToolOutput.text(await kill(findJob(table, operation, job_id)));
    }
  }

  isConcurrencySafe(): boolean {
    return false;
  }
}

async function kill(job: Job): Promise<string> {
  if (job.state !== "running")
    return `Job ${job.id} had already finished: ${jobStatus(job)}. Nothing to kill.`;
  await job.kill();
  return `Killed job ${job.id} and every process it started: ${job.command}`;
}

/** The job named `id`; a soft InvalidInput error naming the known ids when there is none. */
export function findJob(table: JobTable, operation: string, id: string | undefined): Job {
  const known = table.list().map((job) => job.id);
  const listing =
    known.length === 0 ? "there are no jobs in this session" : `known jobs: ${known.join(", ")}`;
  if (id === undefined) {
    throw ToolError.invalidInput(
      `\`job_id\` is required for operation "${operation}", got nothing; ${listing}`,
    );
  }
  const job = table.get(id);
  if (job === undefined)
    throw ToolError.invalidInput(`\`job_id\` "${id}" is not a job of this session; ${listing}`);
  return job;
}
