import type { ToolRegistry } from "@toolkit/registry";
import type { Redis } from "ioredis";
import type { QueueKeys } from "../shared/keys.js";
import type { QueueAuth } from "../shared/queue-auth.js";
import { advertise, type WorkerSurface } from "../shared/surface.js";

/**
 * Stores the registry's surface under the worker's id, signed
 * (`<signature>\n<surface JSON>`, so hosts route calls and show tools only
 * from workers that hold the secret), refreshes it every
 * `heartbeatMs` and whenever the registry changes, and tells readers through
 * the surface channel. `withdraw()` removes it; `stop()` only stops
 * refreshing it (it then expires with its time to live).
 */
export async function advertiseSurface({
  registry,
  commands,
  keys,
  workerId,
  heartbeatMs,
  pool,
  auth,
}: {
  pool: string;
  auth: QueueAuth;
  registry: ToolRegistry;
  commands: Redis;
  keys: QueueKeys;
  workerId: string;
  heartbeatMs: number;
}): Promise<{ withdraw(): Promise<void>; stop(): void }> {
  let last = "";
  const publish = async (): Promise<void> => {
    const tools = registry.allTools().map(advertise);
    const surface: WorkerSurface = { at: Date.now(), ttlMs: heartbeatMs * 3, pool, tools };
    const toolsJson = JSON.stringify(tools);
    const json = JSON.stringify(surface);
    await commands.hset(keys.surfaces, workerId, `${auth.sign("surface", workerId, json)}\n${json}`);
    // Readers reload on a change only; a heartbeat just keeps the entry fresh.
    if (toolsJson !== last) {
      last = toolsJson;
      await commands.publish(keys.surfaceChannel, workerId);
    }
  };
  await publish();
  const timer = setInterval(() => void publish().catch(() => {}), heartbeatMs);
  timer.unref();
  const unsubscribe = registry.onToolSurfaceChanged(() => void publish().catch(() => {}));
  // A Redis that restarted without persistence has lost the surface: advertise again at once.
  const onReady = (): void => {
    last = "";
    void publish().catch(() => {});
  };
  commands.on("ready", onReady);
  const stop = (): void => {
    clearInterval(timer);
    unsubscribe();
    commands.off("ready", onReady);
  };
  return {
    stop,
    async withdraw() {
      stop();
      await commands.hdel(keys.surfaces, workerId);
      await commands.publish(keys.surfaceChannel, workerId);
    },
  };
}
