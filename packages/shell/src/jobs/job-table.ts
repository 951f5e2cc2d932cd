import { ToolError } from "@toolkit/core";
import type { Captures } from "../capture/create-captures.js";
import { type RunOutcome, runCommand } from "../process/run-command.js";
import type { ShellBackend, ShellProcess, SpawnRequest } from "../process/shell-backend.js";
import { TerminalScreen } from "../terminal/terminal-screen.js";
import { Job } from "./job.js";

/** Options for a JobTable. */
export interface JobTableOptions {
  backend: ShellBackend;
  /** Makes the output sinks of a new job. */
  captures: () => Captures;
  /** @default 16 */
  maxRunning?: number;
  /** @default 20 */
  maxFinished?: number;
  /** @default 2000 */
  killGraceMs?: number;
}

/**
 * The background jobs of one session: at most `maxRunning` at once, the last
 * `maxFinished` finished ones kept for their output. `dispose()` kills every
 * job and waits until their process groups are gone.
 */
export class JobTable {
  readonly #jobs = new Map<string, Job>();
  readonly #options: Required<JobTableOptions>;
  #next = 1;
  #disposed = false;

  constructor({ maxRunning = 16, maxFinished = 20, killGraceMs = 2000, ...rest }: JobTableOptions) {
    this.#options = { maxRunning, maxFinished, killGraceMs, ...rest };
  }

  /**
   * Starts a job (on `backend`, e.g. a sandbox for this call, else the table's); a soft
   * ToolError when the running limit is reached or the session ended. The job's stdin is
   * a pipe, or with `request.tty` a terminal whose output a `TerminalScreen` renders.
   */
  start(
    request: SpawnRequest,
    backend: ShellBackend = this.#options.backend,
    aftermath?: () => string | undefined,
  ): Job {
    if (this.#disposed) throw ToolError.execution("the session has ended; no new background job can start");
    const running = this.list().filter((job) => job.state === "running");
    if (running.length >= this.#options.maxRunning) {
      throw ToolError.execution(
        `${running.length} background jobs are already running, the most allowed (${running.map((j) => j.id).join(", ")})`,
        {
          advice:
            'Kill one with Jobs {"operation": "kill", "job_id": "<id>"} or wait for one to finish, then start again.',
        },
      );
    }
    const captures = this.#options.captures();
    const terminal = request.tty ? new TerminalScreen(request.tty) : undefined;
    const spawn: SpawnRequest = request.tty ? request : { ...request, stdin: "pipe" };
    const job = new Job({
      id: `job-${this.#next++}`,
      command: request.command,
      captures,
      run: (signal, onSpawn) =>
        this.#run({
          backend,
          request: spawn,
          captures,
          signal,
          onSpawn,
          onOutput: (stream, chunk) => {
            terminal?.write(chunk);
            job.output(stream, chunk);
          },
        }),
      ...(aftermath ? { aftermath } : {}),
      ...(terminal ? { terminal } : {}),
    });
    this.#jobs.set(job.id, job);
    job.done.then(() => this.#prune());
    return job;
  }

  get(id: string): Job | undefined {
    return this.#jobs.get(id);
  }

  /** Every job, oldest first. */
  list(): Job[] {
    return [...this.#jobs.values()];
  }

  /** Forgets finished jobs; returns how many. */
  cleanup(): number {
    let removed = 0;
    for (const job of this.list()) {
      if (job.state !== "running" && this.#jobs.delete(job.id)) {
        job.terminal?.dispose();
        removed++;
      }
    }
    return removed;
  }

  /** Kills every job and waits for all of them; no new job starts afterwards. */
  async dispose(): Promise<void> {
    this.#disposed = true;
    await Promise.all(this.list().map((job) => job.kill()));
  }

  #run({
    backend,
    request,
    captures,
    signal,
    onSpawn,
    onOutput,
  }: {
    backend: ShellBackend;
    request: SpawnRequest;
    captures: Captures;
    signal: AbortSignal;
    onSpawn: (proc: ShellProcess) => void;
    onOutput: (stream: "stdout" | "stderr", chunk: Buffer) => void;
  }): Promise<RunOutcome> {
    return runCommand({
      backend,
      request,
      stdout: captures.stdout,
      stderr: captures.stderr,
      signal,
      killGraceMs: this.#options.killGraceMs,
      onSpawn,
      onOutput,
    });
  }

  #prune(): void {
    const finished = this.list().filter((job) => job.state !== "running");
    for (const job of finished.slice(0, Math.max(0, finished.length - this.#options.maxFinished))) {
      this.#jobs.delete(job.id);
      job.terminal?.dispose();
    }
  }
}
