import { existsSync } from "node:fs";

/** What happens on the host between Node's spawn and bubblewrap's exec. */
export interface LaunchCommandOptions {
  /** The bubblewrap executable and its arguments. */
  bwrap: string;
  args: readonly string[];
  /** Files opened for reading as these descriptors for bubblewrap (the seccomp program), after every inherited one is closed. */
  readFds?: readonly { readonly fd: number; readonly path: string }[];
  /** `cgroup.procs` files the launcher writes its pid to before bubblewrap starts. */
  cgroupProcs?: readonly string[];
  /** RLIMIT_FSIZE in bytes, soft and hard. */
  fileBytes?: number;
}

/** Exit status of the launcher when it cannot put the command under its caps (nothing ran). */
export const LAUNCH_FAILED = 125;

/** The shell that launches bubblewrap: bash, since dash cannot close descriptors above 9. */
export function launcherShell(): string | undefined {
  return ["/bin/bash", "/usr/bin/bash"].find((file) => existsSync(file));
}

/**
 * The host-side launcher of one sandboxed command, as `bash -c SCRIPT`:
 * it closes every descriptor the host process inherited (anything above 2;
 * Node's own are close-on-exec already), opens `readFds`, joins the
 * cgroups, sets RLIMIT_FSIZE, then becomes bubblewrap. A failure to join
 * a cgroup ends it with status 125 before anything runs.
 */
export function launchCommand(
  shell: string,
  { bwrap, args, readFds = [], cgroupProcs = [], fileBytes }: LaunchCommandOptions,
): { file: string; args: string[] } {
  const lines = [
    `for f in /proc/self/fd/*; do n=\${f##*/}; case $n in 0|1|2) ;; *) eval "exec $n<&-" ;; esac; done`,
  ];
  for (const { fd, path } of readFds) {
    if (!Number.isInteger(fd) || fd < 3 || fd > 9)
      throw new RangeError(`launchCommand: fd ${fd} is not in 3..9`);
    lines.push(`exec ${fd}< ${quote(path)} || exit ${LAUNCH_FAILED}`);
  }
  for (const file of cgroupProcs) {
    lines.push(
      `echo $$ > ${quote(file)} || { echo ${quote(`sandbox: cannot join the cgroup ${file}`)} >&2; exit ${LAUNCH_FAILED}; }`,
    );
  }
  if (fileBytes !== undefined)
    lines.push(`ulimit -f ${Math.floor(fileBytes / 1024)} || exit ${LAUNCH_FAILED}`);
  lines.push('exec "$@"');
  // -p: no BASH_ENV/ENV file, no functions imported from the environment (BASH_FUNC_echo%% would
  // replace a builtin here, on the host), SHELLOPTS and BASHOPTS ignored; the environment itself passes on.
  return { file: shell, args: ["-p", "-c", lines.join("\n"), "toolkit-sandbox", bwrap, ...args] };
}

/** A single-quoted shell word. */
function quote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}
