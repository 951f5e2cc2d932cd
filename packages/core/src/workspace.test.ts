import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ToolError } from "./error.js";
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
    it("refuses an empty path as invalid input", async () => {
      expect((await refusal("")).kind).toBe("InvalidInput");
    });
    it("names the field it was given", async () => {
      await expect(ws.resolve("../x", "path")).rejects.toThrow(/`path` "..\/x"/);
    });
  });
});
