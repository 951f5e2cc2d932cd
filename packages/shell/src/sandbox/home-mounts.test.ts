import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveHomeMounts } from "./home-mounts.js";

let base: string;
let home: string;
const expand = (p: string) => [p.startsWith("~/") ? join(home, p.slice(2)) : p];

beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), "home-mounts-")));
  home = join(base, "home");
  await mkdir(home);
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

describe("resolveHomeMounts", () => {
  describe("when the toolchain folders exist, some through symlinks", () => {
    it("shows each that exists at its real path, and where its symlink stood", async () => {
      await mkdir(join(home, ".pyenv"));
      await mkdir(join(base, "cargo-bin"));
      await mkdir(join(home, ".cargo"));
      await symlink(join(base, "cargo-bin"), join(home, ".cargo/bin"));
      await mkdir(join(home, ".cache"));
      await writeFile(join(home, ".gitconfig"), "");
      expect(
        resolveHomeMounts({ homes: [home, "/"], readable: ["~/.gitconfig", "~/.absent"], expand }),
      ).toEqual({
        hidden: [home],
        shown: [
          { path: join(base, "cargo-bin"), dir: true, writable: false, link: join(home, ".cargo/bin") },
          { path: join(home, ".pyenv"), dir: true, writable: false },
          { path: join(home, ".gitconfig"), dir: false, writable: false },
          { path: join(home, ".cache"), dir: true, writable: true },
        ],
      });
    });
  });

  describe("when the Node that runs the host is installed in the home", () => {
    it("shows its install folder read-only", async () => {
      const prefix = join(home, ".local/share/mise/installs/node/20");
      await mkdir(join(prefix, "bin"), { recursive: true });
      await writeFile(join(prefix, "bin/node"), "");
      expect(
        resolveHomeMounts({ homes: [home], readable: [], expand, execPath: join(prefix, "bin/node") }).shown,
      ).toEqual([{ path: prefix, dir: true, writable: false }]);
    });
  });

  describe("when a home does not exist", () => {
    it("hides nothing there", () => {
      expect(resolveHomeMounts({ homes: [join(base, "absent")], readable: [], expand })).toEqual({
        hidden: [],
        shown: [],
      });
    });
  });
});
