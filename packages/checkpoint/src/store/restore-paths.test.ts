import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeRestorePaths } from "./restore-paths.js";

describe("normalizeRestorePaths", () => {
  describe("when paths are inside the workspace", () => {
    it.each([
      [["src/a.ts"], ["src/a.ts"]],
      [["/ws/b/c"], ["b/c"]],
      [["./src//x/../y/"], ["src/y"]],
      [["/ws"], ["."]],
      [["dir\\\\file"], ["dir/file"]],
    ])("normalizes %j", (paths, expected) => {
      expect(normalizeRestorePaths("/ws", paths)).toEqual(expected);
    });
  });

  describe("when a path is refused", () => {
    it.each([
      ["../x", '`paths[0]` is outside the workspace /ws: "../x"'],
      ["/etc/passwd", '`paths[0]` is outside the workspace /ws: "/etc/passwd"'],
      ["a/../../x", '`paths[0]` is outside the workspace /ws: "a/../../x"'],
      [
        ".git/config",
        '`paths[0]` names the workspace\'s own .git, which checkpoints never touch: ".git/config"',
      ],
      ["", '`paths[0]` must be a non-empty path inside the workspace, got ""'],
    ])("refuses %j", (path, message) => {
      expect(() => normalizeRestorePaths("/ws", [path])).toThrow(message);
    });

    it("refuses a value that is not a string", () => {
      expect(() => normalizeRestorePaths("/ws", ["a", 3])).toThrow(
        "`paths[1]` must be a non-empty path inside the workspace, got 3",
      );
    });
  });

  describe("for any input", () => {
    it("answers only relative paths that stay inside, or throws", () => {
      const segment = fc.constantFrom("a", "b", "..", ".", "", ".git", "c d", "/");
      fc.assert(
        fc.property(fc.array(segment, { maxLength: 8 }), (parts) => {
          const path = parts.join("/");
          let out: string[];
          try {
            out = normalizeRestorePaths("/ws", [path]);
          } catch {
            return;
          }
          const [p] = out as [string];
          expect(p.startsWith("/")).toBe(false);
          expect(p === ".." || p.startsWith("../")).toBe(false);
          expect(p === ".git" || p.startsWith(".git/")).toBe(false);
        }),
      );
    });
  });
});
