import type { Readable, Writable } from "node:stream";

/** The size of a job's pseudo-terminal, in character cells. */
export interface TerminalSize {
  readonly cols: number;
  readonly rows: number;
}

/** What a backend needs to start one command. */
export interface SpawnRequest {
  /** The command line, run by the backend's shell. */
  readonly command: string;
  /** The absolute working directory (already checked against the workspace). */
  readonly cwd: string;
  /** The complete environment (already scrubbed). */
  readonly env: Readonly<Record<string, string>>;
  /**
   * A private directory (created on demand, mode 0700) where the backend may
   * put scratch files, e.g. a script too long for one argument. The tools
   * pass the session's `ctx.tempDir`. @default a directory under os.tmpdir()
   */
  readonly tempDir?: string;
  /**
   * The shell the command is written for: `"bash"` or `"sh"` (Loom's
   * `bash` tool runs `sh -c`). A backend configured with a fixed shell
   * ignores it. @default "bash"
   */
  readonly shell?: "bash" | "sh";
  /**
   * `"pipe"`: the process gets a pipe as stdin (`ShellProcess.stdin`), for
   * jobs the model writes to. @default "ignore" (stdin from /dev/null)
   */
  readonly stdin?: "ignore" | "pipe";
  /**
   * Run the command in a pseudo-terminal of this size, created where the
   * command runs (inside the sandbox), so that it is the controlling terminal
   * of the command's session: bytes written to `stdin` are typed on it
   * (Ctrl-C is SIGINT for its foreground processes) and `stdout` carries
   * what the terminal shows, escape codes included; `stderr` stays empty.
   * Implies a pipe stdin. A backend that cannot gives no `stdin`.
   */
  readonly tty?: TerminalSize;
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

/**
 * A running command: its output streams and every process it started (its
 * process group, and on Linux also its session and its descendants; see
 * `ProcessTree`).
 */
export interface ShellProcess {
  /** The main process's id (also the process group id); undefined when it never started. */
  readonly pid: number | undefined;
  readonly stdout: Readable;
  readonly stderr: Readable;
  /** The command's stdin, when the request asked for a pipe or a terminal. */
  readonly stdin?: Writable;
  /** Settles when the main process exits, or at once when it could not start (never rejects). */
  readonly exited: Promise<ExitStatus>;
  /** Sends a signal to every process of the command; false when none is left. */
  signalGroup(signal: NodeJS.Signals): boolean;
  /** True while some process of the command is still running (zombies excluded). */
  groupAlive(): boolean;
  /**
   * Counts the command's processes among those still holding its output
   * pipes open, adopting them so that the next `signalGroup` reaches them
   * (a process that escaped every other tracking). Optional: backends that
   * cannot look return nothing and the pipes are closed after a grace.
   */
  adoptPipeHolders?(): number;
}

/**
 * The seam between the shell tools and the operating system. The Unix
 * backend runs `bash -c` in a new process group; hosts and tests may supply
 * another (a container, a remote machine) with the same guarantees.
 */
export interface ShellBackend {
  /**
   * Starts a command in a process group of its own, stdin from /dev/null
   * (or a pipe, or a terminal, as the request says).
   * Never throws: a command that cannot start is a process whose `exited`
   * carries `spawnError`.
   */
  spawn(request: SpawnRequest): ShellProcess;
}
