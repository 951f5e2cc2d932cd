import { describe, expect, it } from "vitest";
import { parseCliArgs, UsageError } from "./parse-args.js";

const STDIO = { type: "stdio" };

describe("parseCliArgs", () => {
  describe("when the arguments are valid", () => {
    it.each([
      [["--fs"], { families: ["fs"], think: false, root: "/here", name: "toolkit", transport: STDIO }],
      [
        ["--web-fetch", "--todo", "--memory", "m.db"],
        {
          families: ["web-fetch"],
          think: false,
          todo: true,
          memory: "m.db",
          root: "/here",
          name: "toolkit",
          transport: STDIO,
        },
      ],
      [
        ["--memory=m.db"],
        { families: [], think: false, memory: "m.db", root: "/here", name: "toolkit", transport: STDIO },
      ],
      [
        ["--shell", "--search", "--fs", "--root", "/repo", "--name", "mine"],
        { families: ["fs", "search", "shell"], think: false, root: "/repo", name: "mine", transport: STDIO },
      ],
      [
        ["--think", "--root=sub"],
        { families: [], think: true, root: "sub", name: "toolkit", transport: STDIO },
      ],
      [
        [
          "--think",
          "--http",
          "--port",
          "8808",
          "--allow-origin",
          "https://a.example",
          "--allow-origin",
          "https://b.example",
        ],
        {
          families: [],
          think: true,
          root: "/here",
          name: "toolkit",
          transport: {
            type: "http",
            host: "127.0.0.1",
            port: 8808,
            token: undefined,
            allowUnauthenticated: false,
            allowedOrigins: ["https://a.example", "https://b.example"],
          },
        },
      ],
      [
        ["--fs", "--http", "--host", "::1", "--no-auth"],
        {
          families: ["fs"],
          think: false,
          root: "/here",
          name: "toolkit",
          transport: {
            type: "http",
            host: "::1",
            port: 0,
            token: undefined,
            allowUnauthenticated: true,
            allowedOrigins: [],
          },
        },
      ],
    ])("reads %o", (argv, expected) => {
      expect(parseCliArgs({ argv, cwd: "/here" })).toEqual({
        kind: "serve",
        todo: false,
        memory: undefined,
        ...expected,
      });
    });

    it("recognises --help", () => {
      expect(parseCliArgs({ argv: ["--help"], cwd: "/" })).toEqual({ kind: "help" });
      expect(parseCliArgs({ argv: ["-h", "--fs"], cwd: "/" })).toEqual({ kind: "help" });
    });
  });

  describe("when the arguments are wrong", () => {
    it.each([
      [
        [],
        /^choose the tools to serve: --fs, --search, --shell, --web-fetch, --think, --todo and\/or --memory PATH/,
      ],
      [["--memory", ""], /^--memory needs the path of a store file$/],
      [["--fs", "--web"], /^Unknown option '--web'/],
      [["--fs", "--root"], /^Option '--root <value>' argument missing/],
      [["--fs", "extra"], /^Unexpected argument 'extra'/],
      [["--fs", "--name", " "], /^--name needs a non-empty name$/],
      [["--fs", "--token", "t"], /^--token needs --http \(without it the tools are served over stdio\)$/],
      [["--fs", "--http", "--port", "x"], /^--port must be an integer from 0 to 65535, got "x"$/],
      [["--fs", "--http", "--port", "70000"], /^--port must be an integer from 0 to 65535, got "70000"$/],
      [["--fs", "--http", "--no-auth", "--token", "t"], /^--token and --no-auth contradict each other/],
    ])("throws a UsageError for %o", (argv, message) => {
      const run = () => parseCliArgs({ argv, cwd: "/" });
      expect(run).toThrow(UsageError);
      expect(run).toThrow(message);
    });
  });
});
