import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ToolError } from "../errors/error.js";
import { Workspace } from "./workspace.js";

const base = realpathSync(mkdtempSync(join(tmpdir(), "toolkit-ws-")));
const root = join(base, "root");
const outside = join(base, "outside");
mkdirSync(join(root, "src"), { recursive: true });
mkdirSync(outside);
writeFileSync(join(root, "src", "a.ts"), "a");
writeFileSync(join(outside, "secret"), "s");
symlinkSync(outside, join(root, "escape"));
symlinkSync(join(root, "src"), join(root, "inner"));
symlinkSync(join(outside, "missing"), join(root, "dangling"));
symlinkSync(join(root, "loop-a"), join(root, "loop-b"));
symlinkSync(join(root, "loop-b"), join(root, "loop-a"));
symlinkSync(root, join(base, "root-link"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const ws = new Workspace({ root });

async function refusal(path: string): Promise<ToolError> {
  try {
    await ws.resolve(path);
  } catch (error) {
    if (ToolError.is(error)) return error;
    throw error;
  }
  throw new Error(`expected ${path} to be refused`);
}

describe("Workspace", () => {
  describe("when a path is inside", () => {
    it.each([["src/a.ts"], [join(root, "src/a.ts")], ["./src/../src/a.ts"], ["inner/a.ts"]])(
      "resolves %s",
      async (path) => {
        const p = await ws.resolve(path);
        expect(p.real).toBe(join(root, "src", "a.ts"));
        expect(p.exists).toBe(true);
      },
    );
    it("resolves a path that does not exist yet through its deepest existing ancestor", async () => {
      const p = await ws.resolve("src/new/deeper/file.ts");
      expect(p).toEqual({
        absolute: join(root, "src/new/deeper/file.ts"),
        real: join(root, "src/new/deeper/file.ts"),
        relative: "src/new/deeper/file.ts",
        exists: false,
      });
    });
    it("names the root itself '.'", async () => {
      expect((await ws.resolve(".")).relative).toBe(".");
    });
  });
  describe("when the root is given through a symlink", () => {
    const linked = new Workspace({ root: join(base, "root-link") });
    it("accepts an absolute path spelled through the real root", async () => {
      const p = await linked.resolve(join(root, "src/a.ts"));
      expect(p.absolute).toBe(join(base, "root-link", "src/a.ts"));
      expect(p.real).toBe(join(root, "src/a.ts"));
      expect(p.relative).toBe("src/a.ts");
    });
    it("still refuses what lies outside both spellings", async () => {
      await expect(linked.resolve(join(outside, "secret"))).rejects.toThrow(/is outside the workspace/);
      await expect(linked.resolve(join(root, "escape/secret"))).rejects.toThrow(/resolves through a symlink/);
    });
  });
  describe("when a path escapes", () => {
    it.each([
      ["../outside/secret", /`file_path` "..\/outside\/secret" is outside the workspace/],
      [join(outside, "secret"), /is outside the workspace/],
      ["escape/secret", /resolves through a symlink to .*secret, outside the workspace/],
      ["escape/new-file", /resolves through a symlink/],
      ["dangling", /resolves through a symlink/],
      ["src/a.ts\0", /contains a NUL byte/],
      ["file:///etc/passwd", /is a URL; pass a filesystem path instead/],
      ["http://example.com/x", /is a URL/],
    ])("refuses %s with a Permission error", async (path, message) => {
      const error = await refusal(path);
      expect(error.kind).toBe("Permission");
      expect(error.message).toMatch(message);
    });
    it("names the field for a symlink loop", async () => {
      const error = await refusal("loop-a/x");
      expect(error.kind).toBe("Permission");
      expect(error.message).toMatch(
        /^Permission denied: `file_path` .*loop-a\/x goes through a symlink loop$/,
      );
    });
    it("refuses an empty path as invalid input", async () => {
      expect((await refusal("")).kind).toBe("InvalidInput");
    });
    it("names the field it was given", async () => {
      await expect(ws.resolve("../x", "path")).rejects.toThrow(/`path` "..\/x"/);
    });
  });
});
