/** Resource caps of one sandboxed command. */
export interface SandboxLimits {
  /** Processes and threads alive at once in the sandbox. @default 512 */
  readonly processes?: number;
  /** Memory of the whole sandbox (resident pages, tmpfs files included where a cgroup counts them). @default 4294967296 (4 GiB) */
  readonly memoryBytes?: number;
  /** Size of the private `/tmp` (`$TMPDIR`). @default 1073741824 (1 GiB) */
  readonly tempBytes?: number;
  /** Size of the private `/dev/shm`. @default 67108864 (64 MiB) */
  readonly shmBytes?: number;
  /** The largest file one process may write (RLIMIT_FSIZE). @default 4294967296 (4 GiB) */
  readonly fileBytes?: number;
}

/** Every cap set. */
export type ResolvedLimits = Required<SandboxLimits>;

const MIB = 1024 * 1024;

/** The caps a policy without `limits` gets. */
export const DEFAULT_LIMITS: ResolvedLimits = Object.freeze({
  processes: 512,
  memoryBytes: 4096 * MIB,
  tempBytes: 1024 * MIB,
  shmBytes: 64 * MIB,
  fileBytes: 4096 * MIB,
});

/** The smallest value each cap takes: below it bubblewrap and a shell cannot start. */
const MINIMUM: ResolvedLimits = Object.freeze({
  processes: 8,
  memoryBytes: 16 * MIB,
  tempBytes: MIB,
  shmBytes: MIB,
  fileBytes: MIB,
});

/** Checks the policy's `limits` and fills in the defaults; a bad value throws a TypeError naming the field. */
export function limitsOption(value: unknown): ResolvedLimits {
  if (value === undefined) return DEFAULT_LIMITS;
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new TypeError(`Shell: \`sandbox.limits\` must be an object of caps, got ${JSON.stringify(value)}`);
  }
  const known = Object.keys(DEFAULT_LIMITS);
  const given = new Map(Object.entries(value));
  for (const key of given.keys()) {
    if (!known.includes(key)) {
      throw new TypeError(`Shell: \`sandbox.limits.${key}\` is not a cap; known caps: ${known.join(", ")}`);
    }
  }
  const pick = (name: keyof ResolvedLimits): number => {
    const raw = given.get(name);
    if (raw === undefined) return DEFAULT_LIMITS[name];
    if (typeof raw !== "number" || !Number.isSafeInteger(raw) || raw < MINIMUM[name]) {
      throw new TypeError(
        `Shell: \`sandbox.limits.${name}\` must be a whole number of at least ${MINIMUM[name]}, got ${JSON.stringify(raw)}`,
      );
    }
    return raw;
  };
  return {
    processes: pick("processes"),
    memoryBytes: pick("memoryBytes"),
    tempBytes: pick("tempBytes"),
    shmBytes: pick("shmBytes"),
    fileBytes: pick("fileBytes"),
  };
}
