import { spawn } from "node:child_process";
import { shadowGitArgs, shadowGitEnv } from "./git-env.js";

/** A git command of the shadow repository that did not exit 0. */
export class ShadowGitError extends Error {
  /** The subcommand and its arguments. */
  readonly args: readonly string[];
  /** The exit code, or null when a signal ended it. */
  readonly exitCode: number | null;
  /** What git wrote to stderr. */
  readonly stderr: string;

  constructor(args: readonly string[], exitCode: number | null, stderr: string, cause?: unknown) {
    super(
      `git ${args.slice(0, 2).join(" ")} failed (exit ${exitCode ?? "signal"}): ${stderr.trim() || "no message"}`,
      { cause },
    );
    this.name = "ShadowGitError";
    this.args = args;
    this.exitCode = exitCode;
    this.stderr = stderr;
  }
}

/** Options for one git run. */
export interface GitRunOptions {
  /** Bytes fed to git's stdin (e.g. NUL-separated pathspecs). */
  stdin?: string | Uint8Array;
  /** Exit codes that count as success besides 0 (`git diff --quiet` answers 1). */
  okCodes?: readonly number[];
}

/** The result of one git run. */
export interface GitRunResult {
  readonly stdout: Buffer;
  readonly exitCode: number;
}

/**
 * The real `git` binary, run on the shadow repository (`GIT_DIR`) with the
 * workspace as its work tree, in the locked-down environment of
 * `shadowGitEnv` and the settings of `SHADOW_GIT_CONFIG`.
 */
export class ShadowGit {
  readonly gitDir: string;
  readonly workTree: string;
  readonly #binary: string;
  readonly #env: Record<string, string>;

  constructor(options: { gitDir: string; workTree: string; binary?: string }) {
    this.gitDir = options.gitDir;
    this.workTree = options.workTree;
    this.#binary = options.binary ?? "git";
    this.#env = shadowGitEnv({ gitDir: this.gitDir, workTree: this.workTree, path: process.env.PATH });
  }

  /** Runs `git <args>` in the work tree; rejects with a ShadowGitError unless it exits 0 (or an ok code). */
  run(args: readonly string[], options: GitRunOptions = {}): Promise<GitRunResult> {
    const { stdin, okCodes = [] } = options;
    return new Promise((resolve, reject) => {
      const child = spawn(this.#binary, shadowGitArgs(args), {
        cwd: this.workTree,
        env: this.#env,
        stdio: ["pipe", "pipe", "pipe"],
      });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
      child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
      child.on("error", (error) => reject(new ShadowGitError(args, null, error.message, error)));
      child.on("close", (code) => {
        const stderr = Buffer.concat(err).toString("utf8");
        if (code === 0 || (code !== null && okCodes.includes(code))) {
          resolve({ stdout: Buffer.concat(out), exitCode: code });
        } else {
          reject(new ShadowGitError(args, code, stderr));
        }
      });
      // A git that exits before reading its stdin closes the pipe; the exit code tells the story.
      child.stdin.on("error", () => {});
      child.stdin.end(stdin ?? "");
    });
  }

  /** `run` and the stdout as UTF-8 text. */
  async text(args: readonly string[], options?: GitRunOptions): Promise<string> {
    return (await this.run(args, options)).stdout.toString("utf8");
  }
}

/** Splits git's `-z` output into its NUL-separated fields, dropping the empty tail. */
export function nulFields(output: string): string[] {
  const fields = output.split("\0");
  if (fields.at(-1) === "") fields.pop();
  return fields;
}
