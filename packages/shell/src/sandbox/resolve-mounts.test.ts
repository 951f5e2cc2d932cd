import { chmod, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { normalizeSandboxSetting } from "./policy.js";
import { DEFAULT_PROTECT } from "./protected-paths.js";
import { resolveMounts } from "./resolve-mounts.js";

let base: string;

beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), "resolve-mounts-")));
});
afterEach(async () => {
  await chmod(join(base, "home"), 0o755).catch(() => undefined);
  await rm(base, { recursive: true, force: true });
});

describe("resolveMounts", () => {
  describe("with the default policy", () => {
    it("binds protected entries and deny paths in the workspace, and hides the home", async () => {
      const ws = join(base, "ws");
      const home = join(base, "home");
      const real = join(base, "real-ssh");
      await mkdir(join(ws, ".git", "hooks"), { recursive: true });
      await writeFile(join(ws, ".git", "config"), "");
      await mkdir(join(ws, "pkg", ".vscode"), { recursive: true });
      await mkdir(join(home, ".npm"), { recursive: true });
      await mkdir(join(home, ".cargo", "bin"), { recursive: true });
      await mkdir(real);
      await symlink(real, join(home, ".ssh"));
      await writeFile(join(home, ".netrc"), "");
      await writeFile(join(home, ".bashrc"), "");
      await mkdir(join(base, "tmp"));
      const mounts = await resolveMounts({
        policy: normalizeSandboxSetting("auto").policy,
        workspaceRoot: ws,
        tempDir: join(base, "tmp"),
        homes: [home],
      });
      const key = expect.stringMatching(/^\d+:\d+$/);
      expect(mounts).toEqual({
        writable: [
          { path: ws, dir: true },
          { path: join(base, "tmp"), dir: true },
        ],
        denyWrite: [
          { path: join(ws, ".git"), dir: true },
          { path: join(ws, "pkg/.vscode"), dir: true },
          { path: join(ws, ".git/hooks"), dir: true },
          { path: join(ws, ".git/config"), dir: false },
        ],
        // ~/.netrc is hidden with the home; the folder ~/.ssh leads to lies outside it, so it stays denied.
        denyRead: [{ path: real, dir: true }],
        hiddenHomes: [home],
        homeShown: [
          { path: join(home, ".cargo/bin"), dir: true, writable: false },
          { path: join(home, ".npm"), dir: true, writable: true },
        ],
        protect: {
          names: DEFAULT_PROTECT,
          roots: [ws, join(base, "tmp")],
          entries: [
            { path: join(ws, ".git"), dir: true, key },
            { path: join(ws, "pkg/.vscode"), dir: true, key },
          ],
        },
      });
    });
  });

  describe("when the home is shown again and cannot be listed but can be searched", () => {
    it("still finds the credentials in it: the deny list guards what is shown", async () => {
      const home = join(base, "home");
      await mkdir(join(home, ".aws"), { recursive: true });
      // (Root lists it anyway; for other users this takes the path-by-path branch.)
      await chmod(home, 0o111);
      const mounts = await resolveMounts({
        policy: normalizeSandboxSetting({ readable: ["~"] }).policy,
        workspaceRoot: base,
        tempDir: base,
        homes: [home],
      });
      expect(mounts.denyRead).toContainEqual({ path: join(home, ".aws"), dir: true });
    });
  });
});
