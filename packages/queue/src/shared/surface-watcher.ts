import type { Redis } from "ioredis";
import type { QueueKeys } from "./keys.js";
import type { QueueAuth } from "./queue-auth.js";
import { type AdvertisedTool, parseSurface } from "./surface.js";

/** A tool some live worker serves, and the pool queue to send it to. */
export interface ServedTool {
  readonly tool: AdvertisedTool;
  readonly pool: string;
}

/** Follows the workers' advertised surfaces. */
export interface SurfaceWatcher {
  /** Tool name → how to reach it, as of the last read. */
  current(): ReadonlyMap<string, ServedTool>;
  /** Reads the surfaces again now. */
  reload(): Promise<void>;
  /** Calls `fn` after every read; returns the unsubscribe function. */
  onChange(fn: (served: ReadonlyMap<string, ServedTool>) => void): () => void;
  close(): void;
}

/**
 * Reads the surfaces hash now, again on every surface message and every
 * `refreshMs` (dropping workers whose heartbeat is older than their time to
 * live, and surfaces whose signature is wrong: `onRefused` hears each such
 * worker id once), and tells `onChange` listeners after each read. Two pools serving one name
 * resolve to the pool whose name sorts first, the same on every host.
 */
export async function watchSurfaces({
  commands,
  subscriber,
  keys,
  refreshMs,
  auth,
  onRefused,
}: {
  commands: Redis;
  subscriber: Redis;
  keys: QueueKeys;
  refreshMs: number;
  auth: QueueAuth;
  onRefused: (workerId: string) => void;
}): Promise<SurfaceWatcher> {
  const refused = new Set<string>();
  /** The surface JSON of a signed entry; undefined (and reported once) for a forged one. */
  const opened = ([workerId, text]: [string, string]): string | undefined => {
    const cut = text.indexOf("\n");
    const json = text.slice(cut + 1);
    if (cut >= 0 && auth.verify(text.slice(0, cut), "surface", workerId, json)) return json;
    if (!refused.has(workerId)) {
      refused.add(workerId);
      onRefused(workerId);
    }
    return undefined;
  };
  let served: ReadonlyMap<string, ServedTool> = new Map();
  const listeners = new Set<(served: ReadonlyMap<string, ServedTool>) => void>();
  const reload = async (): Promise<void> => {
    const entries = await commands.hgetall(keys.surfaces);
    const now = Date.now();
    const surfaces = Object.entries(entries)
      .map(opened)
      .map((json) => (json === undefined ? undefined : parseSurface(json)))
      .filter((s) => s !== undefined && now - s.at <= s.ttlMs)
      .sort((a, b) => (a?.pool ?? "").localeCompare(b?.pool ?? ""));
    const next = new Map<string, ServedTool>();
    for (const surface of surfaces) {
      if (!surface) continue;
      for (const tool of surface.tools) {
        if (!next.has(tool.schema.tool)) next.set(tool.schema.tool, { tool, pool: surface.pool });
      }
    }
    served = next;
    for (const fn of [...listeners]) fn(served);
  };
  subscriber.on("message", (channel: string) => {
    if (channel === keys.surfaceChannel) void reload().catch(() => {});
  });
  await subscriber.subscribe(keys.surfaceChannel);
  await reload();
  const timer = setInterval(() => void reload().catch(() => {}), refreshMs);
  timer.unref();
  return {
    current: () => served,
    reload,
    onChange(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    close: () => clearInterval(timer),
  };
}
