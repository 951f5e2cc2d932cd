import type { Writable } from "node:stream";
import type { Captures } from "../capture/create-captures.js";
import type { HeadTailSlice } from "../capture/head-tail.js";
import type { RunOutcome } from "../process/run-command.js";
import type { ShellProcess } from "../process/shell-backend.js";
import type { TerminalScreen } from "../terminal/terminal-screen.js";

/** A job's state: running, or how it ended. */
export type JobState = "running" | "exited" | "killed" | "failed";

/** New output of a job since the last read. */
export interface JobOutput {
  readonly stdout: HeadTailSlice;
  readonly stderr: HeadTailSlice;
}

/** What a job runs: the command, told to stop by `signal`, handing over its process once started. */
export type JobRun = (signal: AbortSignal, onSpawn: (proc: ShellProcess) => void) => Promise<RunOutcome>;

/** One background command of a session. */
export class Job {
  readonly id: string;
  readonly command: string;
  readonly startedAt = Date.now();
  readonly captures: Captures;
  /** The job's terminal, when it runs in one (`tty: true`). */
  readonly terminal: TerminalScreen | undefined;
  readonly #controller = new AbortController();
  readonly done: Promise<RunOutcome>;
  #outcome: RunOutcome | undefined;
  readonly #aftermath: (() => string | undefined) | undefined;
  readonly #listeners = new Set<(stream: "stdout" | "stderr", chunk: Buffer) => void>();
  #stdin: Writable | undefined;
  #stdinClosed = false;
  #readStdout = 0;
  #readStderr = 0;

  constructor(options: {
    id: string;
    command: string;
    captures: Captures;
    run: JobRun;
    /** A line about what happened after the job ended (the sandbox's sweep), read once it has. */
    aftermath?: () => string | undefined;
    terminal?: TerminalScreen;
  }) {
    this.#aftermath = options.aftermath;
    this.id = options.id;
    this.command = options.command;
    this.captures = options.captures;
    this.terminal = options.terminal;
    this.done = options
      .run(this.#controller.signal, (proc) => {
        this.#stdin = proc.stdin;
      })
      .then((outcome) => {
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

  /** Passes a chunk of the job's output to whoever listens right now (see `listen`). */
  output(stream: "stdout" | "stderr", chunk: Buffer): void {
    for (const listener of this.#listeners) listener(stream, chunk);
  }

  /** Sees the job's output chunks as they arrive, until the returned function is called. */
  listen(listener: (stream: "stdout" | "stderr", chunk: Buffer) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Why nothing can be written to the job now, or undefined when something can. */
  inputRefusal(): string | undefined {
    if (this.state !== "running") return "it has finished";
    if (this.#stdin === undefined) return "its backend gave it no stdin";
    if (this.#stdinClosed) return "its stdin was closed (eof)";
    return undefined;
  }

  /** Writes to the job's stdin or terminal; false when it cannot (see `inputRefusal`). */
  write(bytes: string): boolean {
    if (this.inputRefusal() !== undefined || this.#stdin === undefined) return false;
    this.#stdin.write(bytes);
    return true;
  }

  /** Ends the job's stdin (the command reads end of input); false when it cannot. */
  closeStdin(): boolean {
    if (this.inputRefusal() !== undefined || this.#stdin === undefined) return false;
    this.#stdinClosed = true;
    this.#stdin.end();
    return true;
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
