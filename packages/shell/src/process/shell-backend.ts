import type { Readable } from "node:stream";

/** What a backend needs to start one command. */
export interface SpawnRequest {
  /** The command line, run by the backend's shell. */
  readonly command: string;
  /** The absolute working directory (already checked against the workspace). */
  readonly cwd: string;
  /** The complete environment (already scrubbed). */
  readonly env: Readonly<Record<string, string>>;
}

/** How the command's main process ended. */
export interface ExitStatus {
  /** The exit code, or null when a signal ended it or it never started. */
  readonly exitCode: number | null;
  /** The signal that ended it, if any. */
  readonly signal: string | null;
  /** Why it could not start (e.g. `ENOENT`), if it never ran. */
  readonly spawnError?: string;
}

/** A running command: its output streams and its process group. */
export interface ShellProcess {
  /** The main process's id (also the process group id); undefined when it never started. */
  readonly pid: number | undefined;
  readonly stdout: Readable;
  readonly stderr: Readable;
  /** Settles when the main process exits (never rejects). */
  readonly exited: Promise<ExitStatus>;
  /** Sends a signal to every process of the group; false when none is left. */
  signalGroup(signal: NodeJS.Signals): boolean;
  /** True while some process of the group is still running (zombies excluded). */
  groupAlive(): boolean;
}

/**
 * The seam between the shell tools and the operating system. The Unix
 * backend runs `bash -c` in a new process group; hosts and tests may supply
 * another (a container, a remote machine) with the same guarantees.
 */
export interface ShellBackend {
  /** Starts a command in a process group of its own, stdin from /dev/null. */
  spawn(request: SpawnRequest): ShellProcess;
}
