import { mkdir, mkdtemp, realpath, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Workspace } from "../workspace/workspace.js";
import { checkLoomPath, loomJoin } from "./loom-path.js";

let root: string;
let outside: string;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), "toolkit-loom-path-")));
  outside = await realpath(await mkdtemp(join(tmpdir(), "toolkit-loom-out-")));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

describe("checkLoomPath", () => {
  describe("when the path leaves the workspace", () => {
    it.each([["../x"], ["/etc/passwd"], ["a/../../b"]])(
      "refuses %s as PathOutsideWorkspace without looking",
      async (path) => {
        const workspace = new Workspace({ root });
        const error = await checkLoomPath({ workspace, path, probe: false }).catch((e: unknown) => e);
        expect(error).toMatchObject({ loomKind: "PathOutsideWorkspace", kind: "Permission" });
        expect((error as Error).message).toBe(`Path outside workspace: ${resolve(root, path)}`);
      },
    );

    it("refuses a link that resolves outside with the resolved path", async () => {
      await symlink(outside, join(root, "out"));
      await expect(
        checkLoomPath({ workspace: new Workspace({ root }), path: "out", probe: true }),
      ).rejects.toThrow(`Path outside workspace: ${outside}`);
    });
  });

  describe("when the path stays inside", () => {
    it("answers Loom's joined spelling and the real path", async () => {
      await mkdir(join(root, "sub"));
      expect(await checkLoomPath({ workspace: new Workspace({ root }), path: "./sub", probe: true })).toEqual(
        {
          joined: `${root}/./sub`,
          real: join(root, "sub"),
          checked: true,
        },
      );
      expect(await checkLoomPath({ workspace: new Workspace({ root }), path: "gone", probe: true })).toEqual({
        joined: `${root}/gone`,
        real: undefined,
        checked: true,
      });
    });

    it("leaves a NUL byte or a URL to the workspace rules", async () => {
      const workspace = new Workspace({ root });
      for (const path of ["a\0b", "file:///etc/passwd"]) {
        expect(await checkLoomPath({ workspace, path, probe: true })).toMatchObject({
          real: undefined,
          checked: false,
        });
      }
    });
  });
});

describe("loomJoin", () => {
  it("joins as Rust's Path::join does", () => {
    expect([loomJoin("/w", "a/../b"), loomJoin("/w/", "a"), loomJoin("/w", "/abs")]).toEqual([
      "/w/a/../b",
      "/w/a",
      "/abs",
    ]);
  });
});
