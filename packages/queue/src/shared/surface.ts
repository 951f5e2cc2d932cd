import { isJsonObject, type ToolSchema, type Tool, toolTraits } from "@toolkit/core";

/** The traits a host needs to plan and send a call it does not run. */
export interface RemoteTraits {
  readonly isReadOnly: boolean;
  readonly isIdempotent: boolean;
  readonly isConcurrencySafe: boolean;
}

/** One tool as a worker advertises it. */
export interface AdvertisedTool {
  readonly schema: ToolSchema;
  readonly traits: RemoteTraits;
}

/** What one worker stores in the surfaces hash. */
export interface WorkerSurface {
  /** Epoch ms of the last heartbeat; a surface older than its `ttlMs` is ignored. */
  readonly at: number;
  readonly ttlMs: number;
  /** The BullMQ queue this worker takes calls from. */
  readonly pool: string;
  readonly tools: readonly AdvertisedTool[];
}

/** A tool's advertised form. */
export function advertise(tool: Tool): AdvertisedTool {
  const t = toolTraits(tool);
  return {
    schema: tool.schema(),
    traits: {
      isReadOnly: t.isReadOnly,
      isIdempotent: t.isIdempotent,
      isConcurrencySafe: t.isConcurrencySafe,
    },
  };
}

/** Parses a stored surface; undefined for a malformed entry (it is skipped, not trusted). */
export function parseSurface(text: string): WorkerSurface | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isJsonObject(value) || typeof value.at !== "number" || typeof value.ttlMs !== "number")
    return undefined;
  const pool = value.pool;
  if (typeof pool !== "string") return undefined;
  if (!Array.isArray(value.tools)) return undefined;
  const tools: AdvertisedTool[] = [];
  for (const t of value.tools) {
    if (!isJsonObject(t) || !isJsonObject(t.schema) || !isJsonObject(t.traits)) continue;
    const { tool, description, input_schema } = t.schema;
    if (typeof tool !== "string" || typeof description !== "string" || !isJsonObject(input_schema)) continue;
    tools.push({
      schema: { tool, description, input_schema },
      traits: {
        isReadOnly: t.traits.isReadOnly === true,
        isIdempotent: t.traits.isIdempotent === true,
        isConcurrencySafe: t.traits.isConcurrencySafe === true,
      },
    });
  }
  return { at: value.at, ttlMs: value.ttlMs, pool, tools };
}
