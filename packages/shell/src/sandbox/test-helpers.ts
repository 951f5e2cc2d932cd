import { readdirSync, readFileSync } from "node:fs";
import { it } from "vitest";
import { detectSandbox } from "./detect-sandbox.js";

const mechanism = await detectSandbox();

/** True where bubblewrap can sandbox commands on this machine. */
export const bwrapAvailable = mechanism.kind === "bwrap";

/**
 * Where bubblewrap is missing, prints one line naming the Debian package and
 * returns true (the caller skips its tests); under CI=true it registers a
 * failing test instead, since CI installs bubblewrap.
 */
export function skipWithoutBwrap(what: string): boolean {
  if (bwrapAvailable) return false;
  const why = mechanism.kind === "none" ? mechanism.reason : mechanism.kind;
  if (process.env.CI === "true") {
    it(`${what} needs bubblewrap`, () => {
      throw new Error(`bubblewrap is required in CI (apt-get install -y bubblewrap): ${why}`);
    });
  } else {
    console.log(`skipping ${what}: install the Debian package bubblewrap (${why})`);
  }
  return true;
}

/** Host pids of live processes whose command line contains `marker` (zombies excluded). */
export function hostPidsWith(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
      if (cmdline.includes(marker) && state !== "Z" && state !== "X") found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** A unique `sleep` duration that marks a test's processes in the host's process list. */
export function marker(): string {
  return `3600.${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
}
