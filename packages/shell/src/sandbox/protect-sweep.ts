import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { ToolContext } from "@toolkit/core";
import { type SweepResult, sweepProtected } from "./protected-paths.js";
import type { SandboxMounts } from "./resolve-mounts.js";

/** The sweep of one call, and the reply line it leaves. */
export interface ProtectSweep {
  /** Moves what the command created under protected names into the quarantine; never throws. */
  run(): void;
  /** The reply line naming what was moved (or could not be checked), once `run` has run. */
  line(): string | undefined;
}

/** The session's quarantine folder, removed when the session ends. */
class SessionQuarantine {
  constructor(readonly dir: string) {}
  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * The sweep after a sandboxed command (see `sweepProtected`), quarantining
 * into a fresh folder under `<temp dir>/quarantine`, which is removed with
 * the session (registered before the job table, so after every job); or
 * undefined when the policy protects no names.
 */
export function protectSweep(
  mounts: SandboxMounts,
  ctx: Pick<ToolContext, "getOrCreateExtension" | "onDispose">,
  tempDir: string,
): ProtectSweep | undefined {
  const scan = mounts.protect;
  if (scan === undefined) return undefined;
  const session = ctx.getOrCreateExtension(SessionQuarantine, () => {
    const created = new SessionQuarantine(join(tempDir, "quarantine"));
    ctx.onDispose(() => created.dispose());
    return created;
  });
  let result: SweepResult | undefined;
  let crash: string | undefined;
  return {
    run() {
      const quarantine = join(session.dir, `${Date.now()}-${randomBytes(4).toString("hex")}`);
      try {
        result = sweepProtected({ scan, quarantine });
      } catch (error) {
        crash = error instanceof Error ? error.message : String(error);
      }
    },
    line() {
      const lines: string[] = [];
      if (crash !== undefined) {
        lines.push(
          `[sandbox: the check for protected names after the command failed (${crash}); look for new ${scan.names.join(", ")} before running git or an editor here]`,
        );
      }
      if (result && result.moved.length > 0) {
        lines.push(
          `[sandbox: moved what the command created under protected names (policy protect) to ${result.quarantine}: ${result.moved.join(", ")}]`,
        );
      }
      if (result && result.failed.length > 0) {
        lines.push(
          `[sandbox: could not check or move ${result.failed.join(", ")} for protected names (policy protect); look there before running git or an editor]`,
        );
      }
      return lines.length > 0 ? lines.join("\n") : undefined;
    },
  };
}
