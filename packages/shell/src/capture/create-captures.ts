import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { ToolContext } from "@toolkit/core";
import { StreamCapture } from "./stream-capture.js";

/** The two sinks of one command. */
export interface Captures {
  readonly stdout: StreamCapture;
  readonly stderr: StreamCapture;
}

/** Options for `createCaptures`. */
export interface CreateCapturesOptions {
  ctx: Pick<ToolContext, "ensureTempDir">;
  /** Bytes kept per stream. */
  maxBytes: number;
  /** Names the spill files: `<prefix>-<random>-stdout.log`. @default "shell" */
  prefix?: string;
}

/**
 * Captures for stdout and stderr whose spill files go to the session's
 * temp directory (created only when a stream outgrows the cap).
 */
export function createCaptures({ ctx, maxBytes, prefix = "shell" }: CreateCapturesOptions): Captures {
  const id = `${prefix}-${randomBytes(4).toString("hex")}`;
  const spillPath = (label: string) => async () => join(await ctx.ensureTempDir(), `${id}-${label}.log`);
  return {
    stdout: new StreamCapture({ maxBytes, spillPath: spillPath("stdout") }),
    stderr: new StreamCapture({ maxBytes, spillPath: spillPath("stderr") }),
  };
}
