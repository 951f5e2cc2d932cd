// The pnpm the scripts run: the version the root package.json pins, from the
// PATH when that one is there, else through npx (which fetches it once).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const root = new URL("..", import.meta.url).pathname;

/** `[command, ...args]` that runs the pinned pnpm; append pnpm's own arguments. */
export function pnpmCommand() {
  const pinned = JSON.parse(readFileSync(`${root}package.json`, "utf8")).packageManager; // "pnpm@10.34.8"
  try {
    const version = execFileSync("pnpm", ["--version"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    if (`pnpm@${version.trim()}` === pinned) return ["pnpm"];
  } catch {
    // not on the PATH
  }
  return ["npx", "-y", pinned];
}
