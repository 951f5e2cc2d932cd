import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Project, project } from "../testing/test-helpers.js";
import { JsonFileTrustStore } from "../trust/trust-store.js";
import { createHooks } from "./create-hooks.js";

let p: Project;
beforeEach(async () => {
  p = await project();
});
afterEach(async () => {
  await p.cleanup();
});

const ctx = () => ({ sessionId: p.ctx.sessionId, cwd: p.dir });
const input = { tool_name: "Bash", tool_input: { command: "ls" } };

describe("createHooks", () => {
  describe("when hooks are functions", () => {
    it("runs a plain function with Claude Code's input and reads its answer", async () => {
      const seen: unknown[] = [];
      const hooks = createHooks({
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [
              (i) => {
                seen.push(i.hook_event_name, i.tool_name);
                return { hookSpecificOutput: { permissionDecision: "ask", permissionDecisionReason: "why" } };
              },
            ],
          },
        ],
      });
      const decision = await hooks.run("PreToolUse", input, ctx(), ["Bash"]);
      expect(seen).toEqual(["PreToolUse", "Bash"]);
      expect(decision.decision).toBe("ask");
      expect(decision.reasons).toEqual(["why"]);
    });

    it("a function that outlives its timeout is aborted and counts as failed", async () => {
      let aborted = false;
      const messages: string[] = [];
      const hooks = createHooks(
        {
          Stop: [
            {
              hooks: [
                {
                  type: "function",
                  timeout: 0.05,
                  fn: (_i, { signal }) =>
                    new Promise((resolve) => {
                      signal.addEventListener("abort", () => {
                        aborted = true;
                        resolve(undefined);
                      });
                    }),
                },
              ],
            },
          ],
        },
        { onMessage: (m) => messages.push(m.text) },
      );
      const decision = await hooks.run("Stop", {}, ctx());
      expect(decision.decision).toBeUndefined();
      expect(aborted).toBe(true);
      expect(messages).toEqual(["the Stop hook `function` failed: timed out after 0.05s"]);
    });

    it("an answer with a field Toolkit does not understand is a failed hook, never a silent allow", async () => {
      const hooks = createHooks({
        PreToolUse: [
          {
            hooks: [
              { type: "function", onFailure: "block", fn: () => ({ permisionDecision: "deny" }) as never },
            ],
          },
        ],
      });
      const decision = await hooks.run("PreToolUse", input, ctx(), ["Bash"]);
      expect(decision.decision).toBe("deny");
      expect(decision.reasons).toEqual([
        'the PreToolUse hook `function` errored: `permisionDecision` is not an output field Toolkit understands (onFailure: "block")',
      ]);
    });
  });

  describe("when two hooks rewrite the input differently", () => {
    it("denies the call", async () => {
      const rewrite = (command: string) => () => ({ hookSpecificOutput: { updatedInput: { command } } });
      const hooks = createHooks({ PreToolUse: [{ hooks: [rewrite("a"), rewrite("b")] }] });
      const decision = await hooks.run("PreToolUse", input, ctx(), ["Bash"]);
      expect(decision.decision).toBe("deny");
      expect(decision.reasons).toEqual(["2 PreToolUse hooks rewrote the input differently"]);
      expect(decision.updatedInput).toBeUndefined();
    });
  });

  describe("when the configuration is wrong", () => {
    it.each([
      [{ PreToolUse: {} }, "code: `hooks.PreToolUse` must be an array of matcher groups, got {}"],
      [
        { PreToolUse: [{ matcher: 1, hooks: [] }] },
        "code: `hooks.PreToolUse[0].matcher` must be a string, got 1",
      ],
      [
        { Stop: [{ hooks: [{ type: "command", command: " " }] }] },
        'code: `hooks.Stop[0].hooks[0].command` must be a non-empty command line, got " "',
      ],
      [
        { Stop: [{ hooks: [{ type: "function" }] }] },
        "code: `hooks.Stop[0].hooks[0].fn` must be a function, got undefined",
      ],
      [
        { Stop: [{ hooks: [], when: "x" }] },
        "code: `hooks.Stop[0].when` is not a field Toolkit understands. Valid fields: matcher, hooks",
      ],
    ])("refuses %j", (config, message) => {
      expect(() => createHooks(config as never)).toThrow(message);
    });

    it("false turns hooks off", () => {
      expect(createHooks(false).hooks).toEqual([]);
    });
  });
});

describe("JsonFileTrustStore", () => {
  it("refuses a file that is not its own format instead of overwriting it", async () => {
    const path = join(p.dir, "trust.json");
    await writeFile(path, '{"something":"else"}');
    const store = new JsonFileTrustStore(path);
    await expect(store.trust("/x", "00")).rejects.toThrow(
      `JsonFileTrustStore: ${path} is not a trust list ({ version: 1, trusted: [...] })`,
    );
  });
});
