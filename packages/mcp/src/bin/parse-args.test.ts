import { describe, expect, it } from "vitest";
import { parseCliArgs, UsageError } from "./parse-args.js";

describe("parseCliArgs", () => {
  describe("when the arguments are valid", () => {
    it.each([
      [["--fs"], { families: ["fs"], think: false, root: "/here", name: "toolkit" }],
      [
        ["--shell", "--search", "--fs", "--root", "/repo", "--name", "mine"],
        { families: ["fs", "search", "shell"], think: false, root: "/repo", name: "mine" },
      ],
      [["--think", "--root=sub"], { families: [], think: true, root: "sub", name: "toolkit" }],
    ])("reads %o", (argv, expected) => {
      expect(parseCliArgs({ argv, cwd: "/here" })).toEqual({ kind: "serve", ...expected });
    });

    it("recognises --help", () => {
      expect(parseCliArgs({ argv: ["--help"], cwd: "/" })).toEqual({ kind: "help" });
      expect(parseCliArgs({ argv: ["-h", "--fs"], cwd: "/" })).toEqual({ kind: "help" });
    });
  });

  describe("when the arguments are wrong", () => {
    it.each([
      [[], /^choose the tools to serve: --fs, --search, --shell and\/or --think/],
      [["--fs", "--web"], /^Unknown option '--web'/],
      [["--fs", "--root"], /^Option '--root <value>' argument missing/],
      [["--fs", "extra"], /^Unexpected argument 'extra'/],
      [["--fs", "--name", " "], /^--name needs a non-empty name$/],
    ])("throws a UsageError for %o", (argv, message) => {
      const run = () => parseCliArgs({ argv, cwd: "/" });
      expect(run).toThrow(UsageError);
      expect(run).toThrow(message);
    });
  });
});
