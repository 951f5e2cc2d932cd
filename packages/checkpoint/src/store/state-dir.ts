import { createHash } from "node:crypto";
import { homedir } from "node:os";
import { basename, join } from "node:path";

/**
 * The user's state folder for checkpoints: `$XDG_STATE_HOME/toolkit/checkpoints`,
 * else `~/.local/state/toolkit/checkpoints`.
 */
export function defaultStateDir(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_STATE_HOME;
  const base = xdg?.startsWith("/") ? xdg : join(homedir(), ".local", "state");
  return join(base, "toolkit", "checkpoints");
}

/**
 * The folder name of a workspace's shadow repository: the workspace's base
 * name (for people looking at the folder) and 16 hex digits of SHA-256 over
 * its real path (the identity).
 */
export function workspaceKey(realRoot: string): string {
  const digest = createHash("sha256").update(realRoot).digest("hex").slice(0, 16);
  const name =
    basename(realRoot)
      .replace(/[^A-Za-z0-9._-]/g, "_")
      .slice(0, 40) || "root";
  return `${name}-${digest}`;
}
