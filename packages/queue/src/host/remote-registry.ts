import { canonicalJson, type ToolContext, type ToolOutput, type ToolSchema } from "@toolkit/core";
import { ToolRegistry, type ToolRegistryOptions } from "@toolkit/registry";
import { checkQueueName, connectionOptions, type QueueConnection } from "../shared/connection.js";
import { type QueueAuthOptions, queueAuth } from "../shared/queue-auth.js";
import type { AdvertisedTool } from "../shared/surface.js";
import type { ServedTool } from "../shared/surface-watcher.js";
import { QueueUnreachableError } from "../shared/wait-ready.js";
import { createRemoteClient, type RemoteClient } from "./remote-client.js";
import { checkConnectTimeout, sendCall } from "./remote-tools.js";

/** Options for `remoteRegistry`. */
export interface RemoteRegistryOptions extends ToolRegistryOptions, QueueAuthOptions {
  /** Redis: ioredis options (`{ host, port }`) or an ioredis client. */
  connection: QueueConnection;
  /** The queue the workers serve. */
  queue: string;
  /** How long a tool's `call()` waits for a worker. @default no limit */
  timeoutMs?: number;
  /** How often the surfaces are re-read to drop workers that died without withdrawing. @default 5000 */
  refreshMs?: number;
  /**
   * How long `remoteRegistry()` waits for Redis before it throws a
   * QueueUnreachableError (`queue unreachable at redis://…:6379 (ECONNREFUSED) after 5 s`).
   * @default timeoutMs, else 10000
   */
  connectTimeoutMs?: number;
}

/** A registry mirroring the workers' advertised tools; `close()` stops following them. */
export class RemoteRegistry extends ToolRegistry {
  #stop: () => Promise<void> = async () => {};
  #endSession: (sessionId: string) => Promise<void> = async () => {};

  /** @internal set by `remoteRegistry` once connected. */
  _setStop(stop: () => Promise<void>, endSession: (sessionId: string) => Promise<void>): void {
    this.#stop = stop;
    this.#endSession = endSession;
  }

  /** Tells the workers to dispose of the session's contexts (its background jobs, temp folder, spill files). */
  endSession(sessionId: string): Promise<void> {
    return this.#endSession(sessionId);
  }

  /** Stops following the workers and closes the Redis connections. */
  close(): Promise<void> {
    return this.#stop();
  }
}

/** A tool a worker runs: its schema and traits as advertised; `call()` goes through the queue. */
class RemoteTool {
  readonly name: string;
  readonly description: string;
  constructor(
    readonly advertised: AdvertisedTool,
    readonly client: () => Promise<RemoteClient>,
    readonly timeoutMs: number | undefined,
  ) {
    this.name = advertised.schema.tool;
    this.description = advertised.schema.description;
  }
  schema(): ToolSchema {
    return this.advertised.schema;
  }
  isReadOnly(): boolean {
    return this.advertised.traits.isReadOnly === true;
  }
  isIdempotent(): boolean {
    return this.advertised.traits.isIdempotent === true;
  }
  isConcurrencySafe(): boolean {
    return this.advertised.traits.isConcurrencySafe === true;
  }
  async call(input: unknown, ctx: ToolContext): Promise<ToolOutput> {
    const id = `direct-${crypto.randomUUID()}`;
    return sendCall(await this.client(), { id, name: this.name, input, ctx }, this, this.timeoutMs);
  }
}

/**
 * A registry whose tools are what the workers on `queue` advertise, kept in
 * sync as workers start, change their tools, stop or die (a surface not
 * refreshed within its time to live is dropped). Its tools' `call()` sends
 * the call to the queue, so a loop can advertise and run tools it does not
 * host; pair it with `remoteTools` to get job ids from the model's call ids.
 *
 * @example
 * const registry = await remoteRegistry({ connection: { host: "127.0.0.1", port: 6379 }, queue: "tools" });
 * console.log(registry.toolNames());
 * await registry.close();
 */
export async function remoteRegistry(options: RemoteRegistryOptions): Promise<RemoteRegistry> {
  const fn = "remoteRegistry";
  const queue = checkQueueName(options.queue, fn);
  const redisOptions = connectionOptions(options.connection, fn);
  const { timeoutMs, refreshMs = 5000, logger } = options;
  const log = logger ?? console;
  const auth = queueAuth(options, fn, { warn: (m) => log.warn(m) });
  const connectTimeoutMs = checkConnectTimeout(options.connectTimeoutMs, timeoutMs, fn);
  const registry = new RemoteRegistry(logger ? { logger } : {});
  let client: RemoteClient;
  try {
    client = await createRemoteClient({
      redisOptions,
      queue,
      refreshMs,
      auth,
      logger: log,
      connectTimeoutMs,
      fn,
    });
  } catch (error) {
    if (error instanceof QueueUnreachableError) {
      throw new QueueUnreachableError(error.address, error.reason, error.waitedMs, fn);
    }
    throw error;
  }
  const getClient = async (): Promise<RemoteClient> => client;
  const seen = new Map<string, string>();

  const sync = (served: ReadonlyMap<string, ServedTool>): void => {
    registry.batch(() => {
      for (const name of [...seen.keys()]) {
        if (!served.has(name)) {
          registry.remove(name);
          seen.delete(name);
        }
      }
      for (const [name, { tool }] of served) {
        const digest = canonicalJson(tool);
        if (seen.get(name) === digest) continue;
        seen.set(name, digest);
        registry.register(new RemoteTool(tool, getClient, timeoutMs), { replace: true });
      }
    });
  };
  sync(client.surfaces.current());
  const unsubscribe = client.surfaces.onChange(sync);
  let closing: Promise<void> | undefined;
  registry._setStop(
    () => {
      closing ??= (async () => {
        unsubscribe();
        await client.close();
      })();
      return closing;
    },
    (sessionId) => client.endSession(sessionId),
  );
  return registry;
}
