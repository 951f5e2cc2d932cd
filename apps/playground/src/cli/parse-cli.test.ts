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
        parallel: false,
        yes: false,
        help: false,
      });
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
          "--parallel",
          "--yes",
        ]),
      ).toEqual({
        task: "Add a test",
        workspace: "/repo",
        provider: "anthropic",
        model: "m1",
        parallel: true,
        yes: true,
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

    it("refuses unknown flags", () => {
      expect(() => parseCli(["--fast"])).toThrow(/--fast/);
    });
  });
});
