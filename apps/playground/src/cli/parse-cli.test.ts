import { describe, expect, it } from "vitest";
import { parseCli } from "./parse-cli.js";

describe("parseCli", () => {
  describe("when no flags are given", () => {
    it("leaves every choice to the defaults", () => {
      expect(parseCli([])).toEqual({
        task: undefined,
        workspace: undefined,
        provider: undefined,
        model: undefined,
        baseUrl: undefined,
        maxTurns: undefined,
        json: false,
        keep: false,
        keepTrajectory: false,
        parallel: false,
        lsp: false,
        yes: false,
        interactive: false,
        noHooks: false,
        help: false,
      });
    });
  });

  describe("when --oracle-model is given", () => {
    it("reads the model name, and refuses an empty one", () => {
      expect(parseCli(["--oracle-model", "o3"]).oracleModel).toBe("o3");
      expect(parseCli([]).oracleModel).toBeUndefined();
      expect(() => parseCli(["--oracle-model", ""])).toThrow("--oracle-model needs a model name");
    });
  });

  describe("when every flag is given", () => {
    it("reads them", () => {
      expect(
        parseCli([
          "--task",
          "Add a test",
          "--workspace",
          "/repo",
          "--provider",
          "anthropic",
          "--model",
          "m1",
          "--base-url",
          "http://127.0.0.1:8080",
          "--max-turns",
          "12",
          "--json",
          "--keep",
          "--keep-trajectory",
          "--parallel",
          "--lsp",
          "--yes",
          "-i",
          "--hooks",
          "/h.json",
        ]),
      ).toEqual({
        task: "Add a test",
        workspace: "/repo",
        provider: "anthropic",
        model: "m1",
        baseUrl: "http://127.0.0.1:8080",
        maxTurns: 12,
        json: true,
        keep: true,
        keepTrajectory: true,
        parallel: true,
        lsp: true,
        yes: true,
        interactive: true,
        hooks: "/h.json",
        noHooks: false,
        help: false,
      });
    });
  });

  describe("when pnpm passes a leading --", () => {
    it("skips it", () => {
      expect(parseCli(["--", "--yes"]).yes).toBe(true);
    });
  });

  describe("when a flag is wrong", () => {
    it("names the valid providers", () => {
      expect(() => parseCli(["--provider", "gemini"])).toThrow(
        new TypeError(
          '--provider must be one of scripted, openai, openai-responses, anthropic, got "gemini"',
        ),
      );
    });

    it.each([
      [["--max-turns", "0"], '--max-turns must be a positive integer, got "0"'],
      [["--base-url", "localhost:1"], '--base-url must be an http(s) URL, got "localhost:1"'],
      [["--hooks", ""], "--hooks needs the path of a hooks file"],
      [["--hooks", "h.json", "--no-hooks"], "--hooks and --no-hooks contradict each other: give one"],
    ])("refuses %j naming the flag", (argv, message) => {
      expect(() => parseCli(argv)).toThrow(message);
    });

    it("refuses unknown flags", () => {
      expect(() => parseCli(["--fast"])).toThrow(/--fast/);
    });
    it("refuses --interactive beside --interrupt or --resume: a paused run ends the session", () => {
      for (const argv of [
        ["--interactive", "--interrupt", "run.json"],
        ["-i", "--resume", "run.json"],
      ]) {
        expect(() => parseCli(argv)).toThrow("--interactive cannot be combined with --interrupt or --resume");
      }
      expect(parseCli(["--interrupt", "run.json"]).interrupt).toBe("run.json");
    });
  });
});
