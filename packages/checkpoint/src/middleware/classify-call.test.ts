import { FnTool } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { classifyCall, commandOf } from "./classify-call.js";

const tool = (name: string) => new FnTool(name, "A tool.", { type: "object" }, () => "ok");

describe("classifyCall", () => {
  describe("when the call carries a command", () => {
    it.each([
      ["git log --oneline", "none"],
      ["cat a | grep b", "none"],
      ["npm test", "command"],
      ["ls > out.txt", "command"],
      ["rm -rf build", "command"],
    ])("classes %j as %s", (command, effect) => {
      expect(classifyCall({ tool: tool("Shell"), input: { command } })).toBe(effect);
    });
  });

  describe("when the call has no command", () => {
    it.each([
      [tool("Write"), "files"],
      [tool("Read").readOnly(), "none"],
      [tool("Jobs"), "none"],
      [undefined, "none"],
    ])("classes %s", (t, effect) => {
      expect(classifyCall({ tool: t, input: {} })).toBe(effect);
    });

    it("trusts a read-only tool even with a command field", () => {
      expect(classifyCall({ tool: tool("Explain").readOnly(), input: { command: "rm -rf /" } })).toBe("none");
    });
  });
});

describe("commandOf", () => {
  it.each([
    [{ command: "ls" }, "ls"],
    [{ command: 1 }, undefined],
    [null, undefined],
    ["ls", undefined],
  ])("reads %j", (input, command) => {
    expect(commandOf(input)).toBe(command);
  });
});
