import type { SandboxMounts } from "./resolve-mounts.js";

/**
 * The bubblewrap arguments that empty the homes: an empty tmpfs over each
 * (made read-only by `bwrapArgs` once everything inside is mounted), then
 * the folders shown again, bound read-only or (caches) read-write, with a
 * symlink recreated where the home held one.
 */
export function homeArgs({ hiddenHomes = [], homeShown = [] }: SandboxMounts): string[] {
  const args: string[] = [];
  for (const home of hiddenHomes) args.push("--tmpfs", home);
  for (const shown of homeShown) {
    args.push(shown.writable ? "--bind" : "--ro-bind", shown.path, shown.path);
    if (shown.link !== undefined && hiddenHomes.some((home) => shown.link?.startsWith(`${home}/`))) {
      args.push("--symlink", shown.path, shown.link);
    }
  }
  return args;
}
