import { createHmac, timingSafeEqual } from "node:crypto";

/** The environment variable both sides read the shared secret from when no `secret` option is given. */
export const SECRET_ENV = "TOOLKIT_QUEUE_SECRET";

/** The shortest secret accepted, in UTF-8 bytes (an HMAC key shorter than this is guessable). */
export const MIN_SECRET_BYTES = 16;

/** What is signed: a job (the call), an answer, a cancel, the end of a session, a worker's advertised surface. */
export type SignedKind = "call" | "answer" | "progress" | "cancel" | "end-session" | "surface";

/**
 * Signs and checks what crosses Redis with HMAC-SHA256 under the queue's
 * shared secret. Insecure (no secret): signatures are empty and every check
 * passes.
 */
export interface QueueAuth {
  /** False when running with `insecure: true`. */
  readonly isSigned: boolean;
  /** The hex HMAC of `parts` (each a string), bound to `kind`; "" when insecure. */
  sign(kind: SignedKind, ...parts: string[]): string;
  /** Whether `signature` is the HMAC of `parts` for `kind` (compared in constant time). */
  verify(signature: unknown, kind: SignedKind, ...parts: string[]): boolean;
}

/** The secret-related options shared by `startToolWorker`, `remoteTools` and `remoteRegistry`. */
export interface QueueAuthOptions {
  /**
   * The secret shared by every host and worker of the queue: jobs and answers
   * are signed with HMAC-SHA256 under it. At least 16 bytes.
   * @default process.env.TOOLKIT_QUEUE_SECRET
   */
  secret?: string | undefined;
  /**
   * Run without a secret: nothing is signed or checked, so anyone who can
   * write to Redis can run the workers' tools and answer the hosts' calls.
   * Prints a warning. @default false
   */
  insecure?: boolean | undefined;
}

/**
 * The signer for one host or worker. Throws a TypeError naming the option
 * when there is no secret and `insecure` is not `true`, or when the secret
 * is too short; with `insecure: true` (and no secret) warns through `warn`.
 */
export function queueAuth(
  { secret, insecure }: QueueAuthOptions,
  fn: string,
  {
    env = process.env,
    warn,
  }: { env?: Readonly<Record<string, string | undefined>>; warn: (message: string) => void },
): QueueAuth {
  if (insecure !== undefined && typeof insecure !== "boolean") {
    throw new TypeError(`${fn}: \`insecure\` must be true or false, got ${JSON.stringify(insecure)}`);
  }
  if (secret !== undefined && typeof secret !== "string") {
    throw new TypeError(`${fn}: \`secret\` must be a string, got ${typeof secret}`);
  }
  const key = secret ?? (env[SECRET_ENV] === "" ? undefined : env[SECRET_ENV]);
  if (key === undefined) {
    if (insecure !== true) {
      throw new TypeError(
        `${fn}: no \`secret\`: pass \`secret\` (or set ${SECRET_ENV}) with the same value on every host and worker of the queue, so that only they can add jobs and answer them; or pass \`insecure: true\` to run unauthenticated on a Redis that only trusted clients reach`,
      );
    }
    warn(
      `${fn}: running with insecure: true: jobs and answers are not signed, so anyone who can write to this Redis can run the workers' tools and answer the hosts' calls. Set ${SECRET_ENV} on every host and worker instead.`,
    );
    return { isSigned: false, sign: () => "", verify: () => true };
  }
  const bytes = Buffer.byteLength(key, "utf8");
  if (bytes < MIN_SECRET_BYTES) {
    // The length only, never the secret.
    throw new TypeError(
      `${fn}: \`secret\` must be at least ${MIN_SECRET_BYTES} bytes, got ${bytes}; make one with \`openssl rand -base64 32\``,
    );
  }
  const mac = (kind: SignedKind, parts: string[]): Buffer =>
    // JSON of the list keeps the parts apart: no two different lists give the same text.
    createHmac("sha256", key)
      .update(JSON.stringify(["toolkit-queue/1", kind, ...parts]))
      .digest();
  return {
    isSigned: true,
    sign: (kind, ...parts) => mac(kind, parts).toString("hex"),
    verify(signature, kind, ...parts) {
      if (typeof signature !== "string" || !/^[0-9a-f]{64}$/.test(signature)) return false;
      return timingSafeEqual(Buffer.from(signature, "hex"), mac(kind, parts));
    },
  };
}
