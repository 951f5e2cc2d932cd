import { describe, expect, it } from "vitest";
import type { LoopGate } from "./loop-gate.js";
import { DIALECTS, echo, registryOf, rejection, useLoopHarness } from "./test-kit.js";

const setupLoop = useLoopHarness();
const chat =
  DIALECTS[0]?.client ??
  (() => {
    throw new Error("no dialect");
  });

describe("BareLoop gates", () => {
  describe("when a gate refuses the final answer once", () => {
    it("takes one more turn with the gate's text, and counts the continuation", async () => {
      const seen: number[] = [];
      const gate: LoopGate = {
        beforeFinish: async ({ continued }) => {
          seen.push(continued);
          return continued === 0 ? { continueWith: "Run the tests first." } : undefined;
        },
      };
      const { server, loop } = await setupLoop(chat, [{ text: "Done." }, { text: "Tests pass. Done." }], {
        registry: registryOf(echo("echo")),
        gates: [gate],
      });
      const result = await loop.run("fix it");
      expect(result.text).toBe("Tests pass. Done.");
      expect(result.turns).toBe(2);
      expect(seen).toEqual([0, 1]);
      expect(server.requests[1]?.body).toContain("Run the tests first.");
    });
  });

  describe("when a gate acts before the run", () => {
    it("adds context to the task", async () => {
      const { server, loop } = await setupLoop(chat, [{ text: "ok" }], {
        registry: registryOf(),
        gates: [{ beforeRun: () => ({ addContext: "Today is Friday." }) }],
      });
      await loop.run("what day is it?");
      expect(server.requests[0]?.body).toContain("Today is Friday.");
    });

    it("a block ends the run before any request", async () => {
      const { server, loop } = await setupLoop(chat, [{ text: "never" }], {
        registry: registryOf(),
        gates: [{ beforeRun: () => ({ block: "no secrets in prompts" }) }],
      });
      const error = await rejection(loop.run("my password is hunter2"));
      expect(error.kind).toBe("Gate");
      expect(error.message).toBe("The run was blocked before it started: no secrets in prompts");
      expect(server.requests).toHaveLength(0);
    });
  });

  describe("when a gate stops after a turn", () => {
    it("ends the run with a Gate error, and afterRun is awaited with the outcome", async () => {
      const ended: (string | undefined)[] = [];
      const { loop } = await setupLoop(
        chat,
        [{ toolCalls: [{ name: "echo", input: { v: "1" } }] }, { text: "never" }],
        {
          registry: registryOf(echo("echo")),
          gates: [
            {
              afterTurn: () => ({ stop: "budget spent" }),
              afterRun: async ({ error }) => {
                await new Promise((r) => setTimeout(r, 10));
                ended.push(error?.message);
              },
            },
          ],
        },
      );
      const error = await rejection(loop.run("go"));
      expect(error.message).toBe("The run was stopped: budget spent");
      expect(ended).toEqual(["The run was stopped: budget spent"]);
    });
  });
});
