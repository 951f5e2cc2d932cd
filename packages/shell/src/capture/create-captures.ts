import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { ToolContext } from "@toolkit/core";
import { sessionSpills } from "./session-spills.js";
import { StreamCapture } from "./stream-capture.js";

/** The two sinks of one command. */
export interface Captures {
  readonly stdout: StreamCapture;
  readonly stderr: StreamCapture;
}

/** Options for `createCaptures`. */
export interface CreateCapturesOptions {
  ctx: Pick<ToolContext, "ensureTempDir" | "getOrCreateExtension" | "onDispose" | "tempDir">;
  /** Bytes kept per stream. */
  maxBytes: number;
  /** The most bytes written to each spill file. @default 64 MiB */
  maxSpillBytes?: number;
  /** Names the spill files: `<prefix>-<random>-stdout.log`. @default "shell" */
  prefix?: string;
}

/**
 * Captures for stdout and stderr whose spill files go to the session's
 * temp directory (created only when a stream outgrows the cap) and are
 * removed when the session ends.
 */
export function createCaptures({
  ctx,
  maxBytes,
  maxSpillBytes,
  prefix = "shell",
}: CreateCapturesOptions): Captures {
  const id = `${prefix}-${randomBytes(4).toString("hex")}`;
  const spills = sessionSpills(ctx);
  const spillPath = (label: string) => async () => {
    const path = join(await ctx.ensureTempDir(), `${id}-${label}.log`);
    spills.add(path);
    return path;
  };
  const cap = maxSpillBytes === undefined ? {} : { maxSpillBytes };
  return {
    stdout: new StreamCapture({ maxBytes, spillPath: spillPath("stdout"), ...cap }),
    stderr: new StreamCapture({ maxBytes, spillPath: spillPath("stderr"), ...cap }),
  };
}
