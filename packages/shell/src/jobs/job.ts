import type { Captures } from "../capture/create-captures.js";
import type { HeadTailSlice } from "../capture/head-tail.js";
import type { RunOutcome } from "../process/run-command.js";

/** A job's state: running, or how it ended. */
export type JobState = "running" | "exited" | "killed" | "failed";

/** New output of a job since the last read. */
export interface JobOutput {
  readonly stdout: HeadTailSlice;
  readonly stderr: HeadTailSlice;
}

/** One background command of a session. */
export class Job {
  readonly id: string;
  readonly command: string;
  readonly startedAt = Date.now();
  readonly captures: Captures;
  readonly #controller = new AbortController();
  readonly done: Promise<RunOutcome>;
  #outcome: RunOutcome | undefined;
  readonly #aftermath: (() => string | undefined) | undefined;
  #readStdout = 0;
  #readStderr = 0;

  constructor(options: {
    id: string;
    command: string;
    captures: Captures;
    run: (signal: AbortSignal) => Promise<RunOutcome>;
    /** A line about what happened after the job ended (the sandbox's sweep), read once it has. */
    aftermath?: () => string | undefined;
  }) {
    this.#aftermath = options.aftermath;
    this.id = options.id;
    this.command = options.command;
    this.captures = options.captures;
    this.done = options.run(this.#controller.signal).then((outcome) => {
      this.#outcome = outcome;
      return outcome;
    });
  }

  /** The line about what happened after the job ended, if any; undefined while it runs. */
  aftermath(): string | undefined {
    return this.#outcome === undefined ? undefined : this.#aftermath?.();
  }

  /** How the job ended; undefined while it runs. */
  get outcome(): RunOutcome | undefined {
    return this.#outcome;
  }

  get state(): JobState {
    const o = this.#outcome;
    if (o === undefined) return "running";
    if (o.cancelled) return "killed";
    return o.spawnError === undefined ? "exited" : "failed";
  }

  /** Milliseconds since the start, or the whole run once finished. */
  get elapsedMs(): number {
    return this.#outcome?.durationMs ?? Date.now() - this.startedAt;
  }

  /** Kills the job's process group (SIGTERM, grace, SIGKILL) and waits for it to end. */
  async kill(): Promise<RunOutcome> {
    this.#controller.abort();
    return this.done;
  }

  /** Output that arrived since the previous call. */
  takeNewOutput(): JobOutput {
    const stdout = this.captures.stdout.since(this.#readStdout);
    const stderr = this.captures.stderr.since(this.#readStderr);
    this.#readStdout = this.captures.stdout.totalBytes;
    this.#readStderr = this.captures.stderr.totalBytes;
    return { stdout, stderr };
  }
}
