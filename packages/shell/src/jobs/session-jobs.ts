import type { ToolContext } from "@toolkit/core";
import { createCaptures } from "../capture/create-captures.js";
import { SessionSpills, sessionSpills } from "../capture/session-spills.js";
import type { ResolvedShellOptions } from "../tools/shell-options.js";
import { JobTable } from "./job-table.js";

/**
 * The session's job table, created on first use with the given options and
 * registered with `ctx.onDispose`, so ending the session kills every job.
 * Shell and Jobs tools of one session share it.
 */
export function sessionJobs(ctx: ToolContext, options: ResolvedShellOptions): JobTable {
  return ctx.getOrCreateExtension(JobTable, () => {
    // Registered first, so disposed last: the spill files go once the jobs writing them are dead.
    sessionSpills(ctx);
    const table = new JobTable({
      backend: options.backend,
      captures: () =>
        createCaptures({
          ctx,
          maxBytes: options.maxOutputBytes,
          maxSpillBytes: options.maxSpillBytes,
          prefix: "job",
        }),
      maxRunning: options.maxRunningJobs,
      maxFinished: options.maxFinishedJobs,
      killGraceMs: options.killGraceMs,
    });
    ctx.onDispose(() => table.dispose());
    return table;
  });
}

/**
 * Kills every background job of the session and waits until their processes
 * are gone, then removes the session's spill files (and its temp directory
 * when empty). The loop calls it when a session ends; `ctx.dispose()` does
 * the same and more.
 *
 * @example
 * await dispose(ctx);
 */
export async function dispose(ctx: Pick<ToolContext, "getExtension">): Promise<void> {
  await ctx.getExtension(JobTable)?.dispose();
  await ctx.getExtension(SessionSpills)?.dispose();
}
