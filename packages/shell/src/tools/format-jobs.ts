import { joinStreams } from "../capture/join-streams.js";
import { renderCapture } from "../capture/render-capture.js";
import type { Job } from "../jobs/job.js";

/** `exit 0`, `killed`, `running` ... with the elapsed time: the state of a job in one phrase. */
export function jobStatus(job: Job): string {
  const seconds = `${Math.round(job.elapsedMs / 1000)} s`;
  const outcome = job.outcome;
  switch (job.state) {
    case "running":
      return `running (${seconds})`;
    case "killed":
      return `killed (${seconds})`;
    case "failed":
      return `failed to start: ${outcome?.spawnError ?? "unknown error"}`;
    default:
      return outcome?.exitCode === null
        ? `killed by ${outcome.signal ?? "a signal"} (${seconds})`
        : `exit ${outcome?.exitCode} (${seconds})`;
  }
}

/** The `list` reply: one line per job, `<id>  <status>  <command>`. */
export function formatJobList(jobs: readonly Job[]): string {
  if (jobs.length === 0) return "No background jobs in this session.";
  return jobs.map((job) => `${job.id}  ${jobStatus(job)}  ${job.command}`).join("\n");
}

/**
 * The `output` reply: new stdout, new stderr (labelled), then `[<id> <status>]`;
 * for a job in a terminal, the terminal's new lines as plain text (see `TerminalScreen`).
 */
export async function formatJobOutput(job: Job): Promise<string> {
  let text: string;
  if (job.terminal) {
    // The terminal shows the command's stdout and stderr; the stream of its own is the terminal host's.
    const { stderr } = job.takeNewOutput();
    const shown = await job.terminal.takeNew();
    const err = renderCapture({ slice: stderr, label: "stderr", spill: job.captures.stderr.spill });
    text = joinStreams({ stdout: shown === "" ? "" : `${shown}\n`, stderr: err }) || "(no new output)\n";
  } else {
    const { stdout, stderr } = job.takeNewOutput();
    const out = renderCapture({ slice: stdout, label: "stdout", spill: job.captures.stdout.spill });
    const err = renderCapture({ slice: stderr, label: "stderr", spill: job.captures.stderr.spill });
    text = joinStreams({ stdout: out, stderr: err }) || "(no new output)\n";
  }
  const after = job.aftermath();
  return `${text}[${job.id} ${jobStatus(job)}]${after === undefined ? "" : `\n${after}`}`;
}
