import { access, constants, realpath } from "node:fs/promises";
import { delimiter, join } from "node:path";
import { inside } from "@toolkit/core";

/** Directories a `rg` found on PATH may come from. */
export const TRUSTED_DIRS: readonly string[] = ["/usr/bin", "/usr/local/bin", "/bin"];

/** The ripgrep binary shipped by `@vscode/ripgrep`, or undefined when this platform has none. */
export async function bundledRipgrep(): Promise<string | undefined> {
  try {
    const { rgPath } = await import("@vscode/ripgrep");
    await access(rgPath, constants.X_OK);
    return rgPath;
  } catch {
    return undefined;
  }
}

/**
 * Finds the ripgrep binary to run: the bundled one, else a `rg` on PATH whose
 * real location is inside a trusted system directory and not inside the
 * workspace. Undefined when there is none (the JS engine takes over).
 */
export async function findRipgrep(options: {
  workspaceRoot: string;
  bundled?: boolean;
  trustedDirs?: readonly string[];
  pathEnv?: string | undefined;
}): Promise<string | undefined> {
  const { workspaceRoot, bundled = true, trustedDirs = TRUSTED_DIRS, pathEnv = process.env.PATH } = options;
  if (bundled) {
    const path = await bundledRipgrep();
    if (path !== undefined) return path;
  }
  const realWorkspace = await realpath(workspaceRoot).catch(() => workspaceRoot);
  const trusted = await Promise.all(trustedDirs.map((d) => realpath(d).catch(() => d)));
  for (const dir of (pathEnv ?? "").split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(dir, "rg");
    const real = await realpath(candidate).catch(() => undefined);
    if (real === undefined) continue;
    if (inside(realWorkspace, real) || inside(workspaceRoot, candidate)) continue;
    if (!trusted.some((t) => inside(t, real) || inside(t, candidate))) continue;
    if (
      await access(real, constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return real;
  }
  return undefined;
}
