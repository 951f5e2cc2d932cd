import { realpath } from "node:fs/promises";
import { join } from "node:path";
import type { ToolContext } from "@toolkit/core";
import { StaleGuard } from "@toolkit/fs";

/**
 * Clears the session's read-before-write records (the fs tools' stale
 * guard) of restored files, so the model must read a restored file again
 * before it may change it. Records are keyed by real path: both the joined
 * path and, where the file exists, its resolved real path are forgotten.
 */
export async function forgetRestored(
  ctx: ToolContext,
  realRoot: string,
  paths: readonly string[],
): Promise<void> {
  const guard = StaleGuard.of(ctx);
  await Promise.all(
    paths.map(async (path) => {
      const joined = join(realRoot, path);
      guard.forget(joined);
      const real = await realpath(joined).catch(() => undefined);
      if (real !== undefined) guard.forget(real);
    }),
  );
}
