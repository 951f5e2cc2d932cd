// biome-ignore-all lint/suspicious/noTemplateCurlyInString: shell syntax in strings, not templates
import { fnTool, registryWith, runOne } from "@toolkit/test-kit";
import { createToolContext } from "@toolkit/core";
import { analyzeCommand } from "@toolkit/shell";
import { describe, expect, it } from "vitest";
import { permissions } from "./index.js";

const ran: string[] = [];
const Shell = fnTool(
  "Shell",
  (input) => {
    ran.push(String(input.command));
    return "ran";
  },
  { command: { type: "string" } },
);
const registry = registryWith(Shell);
const ctx = createToolContext({ cwd: "/repo", isNonInteractive: true });

/** [allow rules, command] pairs that got through the guard with the previous analysis. */
const BYPASSES: ReadonlyArray<readonly [readonly string[], string]> = [
  [["Shell(echo:*)"], "echo '$(touch X; rm f)'; echo ${_@P}"],
  [["Shell(echo:*)"], "echo x; echo ${PWD@P}"],
  [["Shell(echo:*)"], "echo x; echo ${!v}"],
  [["Shell(echo:*)", "Shell(test:*)"], "echo x; test -v 'a[$(touch X)]'"],
  [["Shell(echo:*)", "Shell(printf:*)"], "echo x; printf -v PATH %s /tmp"],
  [["Shell(cat:*)", "Shell(echo:*)"], "cat /proc/$PPID/environ 0</dev/tcp/127.0.0.1/9 1>&0; echo"],
  [["Shell(sed:*)", "Shell(echo:*)"], "sed --in-pl=.bak s/a/b/ f; echo done"],
  [["Shell(sort:*)", "Shell(echo:*)"], "sort --compress-prog=sh f; echo"],
  [["Shell(find:*)", "Shell(echo:*)"], "find -- . -delete; echo"],
  [["Shell(git:*)"], "git status; git stash -- src"],
  [["Shell(git:*)"], "git log; git diff --ext-diff"],
  [["Shell(command:*)", "Shell(echo:*)"], "command rm -v x; echo"],
  [["Shell(ls:*)", "Shell(echo:*)"], "for PATH in bin; do ls; done; echo"],
];

describe("permissions with the shell analysis of @toolkit/shell", () => {
  describe("when a compound command hides a write behind allowed names", () => {
    it.each(BYPASSES)("%j refuses %s and never runs it", async (allow, command) => {
      ran.length = 0;
      const layer = permissions({ rules: { allow }, mode: "deny", analyzeCommand });
      expect(layer.evaluate({ name: "Shell", input: { command }, tool: Shell, ctx }).decision).toBe("deny");
      const result = await runOne(registry, [layer], { name: "Shell", input: { command } }, { ctx });
      expect(result.output.isError).toBe(true);
      expect(result.output.textContent()).toContain("Permission denied:");
      expect(ran).toEqual([]);
    });
  });

  describe("when the command is hostile in size", () => {
    it("refuses a 2,048-stage pipeline instead of overflowing the stack", async () => {
      ran.length = 0;
      const command = Array(2048).fill("echo").join(" | ");
      const layer = permissions({ rules: { allow: ["Shell(echo:*)"] }, mode: "deny", analyzeCommand });
      const result = await runOne(registry, [layer], { name: "Shell", input: { command } }, { ctx });
      expect(result.output.textContent()).toContain("Permission denied:");
      expect(result.output.textContent()).not.toContain("Maximum call stack");
      expect(ran).toEqual([]);
    });
  });

  describe("when every part only reads", () => {
    it("still allows the compound command", async () => {
      ran.length = 0;
      const command = "echo a; echo ${HOME} | cat";
      const layer = permissions({
        rules: { allow: ["Shell(echo:*)", "Shell(cat:*)"] },
        mode: "deny",
        analyzeCommand,
      });
      const result = await runOne(registry, [layer], { name: "Shell", input: { command } }, { ctx });
      expect(result.output.isError).toBe(false);
      expect(ran).toEqual([command]);
    });
  });
});
