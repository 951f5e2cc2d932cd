import { existsSync, readdirSync, readFileSync } from "node:fs";

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
  /** Descriptors above 2 the host would pass on. @default inheritableFds() */
  inheritedFds?: readonly number[];
  /**
   * Started ahead of its command (see `warm-launchers`): after the caps are
   * in place it waits on stdin for a line `go` and then the command, which
   * it appends to `args` as their last argument; stdin is /dev/null from
   * then on. Anything else on stdin, or its end, exits 0 with nothing run.
   * @default false
   */
  commandFromStdin?: boolean;
}

/** The warm launcher's own variables: an environment that holds one of them is launched cold (it would be exported). */
const GO = "TOOLKIT_LAUNCH_GO";
const LINE = "TOOLKIT_LAUNCH_LINE";
const CMD = "TOOLKIT_LAUNCH_CMD";
export const LAUNCHER_VARIABLES: readonly string[] = Object.freeze([GO, LINE, CMD]);

/** Exit status of the launcher when it cannot put the command under its caps (nothing ran). */
export const LAUNCH_FAILED = 125;

/** bash, for the in-sandbox wait (`/dev/tcp`) and for a launcher that must close descriptors above 9. */
export function launcherShell(): string | undefined {
  return ["/bin/bash", "/usr/bin/bash"].find((file) => existsSync(file));
}

/** dash, the cheaper launcher: it starts in about half of bash's time, but names descriptors 0-9 only. */
const DASH = ["/bin/dash", "/usr/bin/dash"].find((file) => existsSync(file));

/**
 * The descriptors above 2 that this process would pass on to a child: those
 * without close-on-exec (`flags` in /proc/self/fdinfo). Node and libuv open
 * everything close-on-exec, so these are what the host inherited or a
 * native addon opened.
 */
export function inheritableFds(): number[] {
  const found: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync("/proc/self/fdinfo");
  } catch {
    return [10]; // unknown: treat as "some above 9", so bash closes whatever is there
  }
  for (const entry of entries) {
    const fd = Number(entry);
    if (!Number.isInteger(fd) || fd <= 2) continue;
    let info: string;
    try {
      info = readFileSync(`/proc/self/fdinfo/${entry}`, "utf8");
    } catch {
      continue; // closed meanwhile (the directory's own descriptor)
    }
    const flags = /^flags:\s+([0-7]+)/m.exec(info)?.[1];
    if (flags === undefined || (Number.parseInt(flags, 8) & O_CLOEXEC) === 0) found.push(fd);
  }
  return found;
}

const O_CLOEXEC = 0o2000000;

/**
 * The host-side launcher of one sandboxed command, as `sh -c SCRIPT`: it
 * closes every descriptor the host process inherited, opens `readFds`,
 * joins the cgroups, sets RLIMIT_FSIZE, then becomes bubblewrap. dash runs
 * it and closes 3-9 outright, unless `inheritedFds` holds one above 9 (or
 * there is no dash): then `bash -p` closes every descriptor above 2 that
 * /proc lists. A failure to open, join or limit ends it with status 125
 * before anything runs.
 */
export function launchCommand({
  bwrap,
  args,
  readFds = [],
  cgroupProcs = [],
  fileBytes,
  inheritedFds = inheritableFds(),
  commandFromStdin = false,
}: LaunchCommandOptions): { file: string; args: string[] } {
  const bash = DASH === undefined || inheritedFds.some((fd) => fd > 9) ? launcherShell() : undefined;
  const shell = bash ?? DASH;
  if (shell === undefined)
    throw new Error("launchCommand: neither dash nor bash is installed in /bin or /usr/bin");
  const lines = [
    bash
      ? `for f in /proc/self/fd/*; do n=\${f##*/}; case $n in 0|1|2) ;; *) eval "exec $n<&-" ;; esac; done`
      : "exec 3<&- 4<&- 5<&- 6<&- 7<&- 8<&- 9<&-",
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
  // bash counts ulimit -f in 1024-byte blocks, dash (POSIX) in 512-byte ones.
  if (fileBytes !== undefined) {
    lines.push(`ulimit -f ${Math.floor(fileBytes / (bash ? 1024 : 512))} || exit ${LAUNCH_FAILED}`);
  }
  if (commandFromStdin) {
    // The command's lines, each with its newline; the last one may lack it (read fails, $line holds it).
    lines.push(
      `IFS= read -r ${GO} || exit 0`,
      `[ "$${GO}" = go ] || exit 0`,
      `${CMD}=`,
      `while IFS= read -r ${LINE}; do ${CMD}="$${CMD}$${LINE}`,
      '"; done',
      `${CMD}="$${CMD}$${LINE}"`,
      "exec 0</dev/null",
      `exec "$@" "$${CMD}"`,
    );
  } else lines.push('exec "$@"');
  // bash -p: no BASH_ENV/ENV file, no functions imported from the environment (BASH_FUNC_echo%% would
  // replace a builtin here, on the host), SHELLOPTS and BASHOPTS ignored. dash imports none of these.
  // The environment itself passes on to bubblewrap.
  const flags = bash ? ["-p", "-c"] : ["-c"];
  return { file: shell, args: [...flags, lines.join("\n"), "toolkit-sandbox", bwrap, ...args] };
}

/** A single-quoted shell word. */
function quote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}
