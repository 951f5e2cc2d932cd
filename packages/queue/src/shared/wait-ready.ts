import { ToolError } from "@toolkit/core";
import type { Redis } from "ioredis";
import { errorCode } from "./connection.js";

/** Redis could not be reached in time; the message names the address, the reason and the wait. */
export class QueueUnreachableError extends Error {
  override readonly name = "QueueUnreachableError";
  /** `queue unreachable at redis://127.0.0.1:6379 (ECONNREFUSED) after 5 s`. */
  readonly detail: string;
  /** `fn`: the public function that throws it, named first in the message. */
  constructor(
    readonly address: string,
    readonly reason: string,
    readonly waitedMs: number,
    fn?: string,
  ) {
    const detail = `queue unreachable at ${address} (${reason}) after ${seconds(waitedMs)}`;
    super(
      fn === undefined
        ? detail
        : `${fn}: ${detail}: check that Redis is running there and that \`connection\` points to it (host, port, password, tls)`,
    );
    this.detail = detail;
  }

  /** The soft failure a call gets: `Execution error: queue unreachable at … after 5 s`, with advice. */
  toToolError(): ToolError {
    return ToolError.execution(this.detail, {
      advice: `The call was not queued. Check that Redis is running at ${this.address} and that \`connection\` points to it (host, port, password, tls), then call again.`,
    });
  }
}

/** `5 s`, `0.5 s`, `2.5 s`. */
function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/**
 * Resolves once `client` is ready; rejects with a QueueUnreachableError after
 * `timeoutMs` (the last connection error as the reason), leaving the client
 * to reconnect or be closed by the caller.
 */
export function waitReady(client: Redis, address: string, timeoutMs: number): Promise<void> {
  if (client.status === "ready") return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    let reason = client.status === "end" ? "connection closed" : "no reply";
    const onError = (error: unknown): void => {
      reason = errorCode(error);
    };
    const onReady = (): void => {
      done();
      resolve();
    };
    const timer = setTimeout(() => {
      done();
      reject(new QueueUnreachableError(address, reason, timeoutMs));
    }, timeoutMs);
    const done = (): void => {
      clearTimeout(timer);
      client.off("error", onError);
      client.off("ready", onReady);
    };
    client.on("error", onError);
    client.on("ready", onReady);
  });
}
