import { selectByNames } from "@toolkit/registry";
import { describe, expect, it } from "vitest";
import type { ScriptStep } from "../test/script.js";
import type { BareLoopOptions } from "./loop-options.js";
import { DIALECTS, echo, registryOf, rejection, tool, useLoopHarness } from "./test-kit.js";

const setupLoop = useLoopHarness();

describe.each(DIALECTS)("BareLoop ($dialect)", ({ client }) => {
  const setup = (script: ScriptStep[], options: Omit<BareLoopOptions, "model">) =>
    setupLoop(client, script, options);

  describe("when the model calls a tool and then answers", () => {
    it("runs the tool, sends its result back and returns the final text", async () => {
      const { server, loop } = await setup(
        [
          { text: "Let me echo.", toolCalls: [{ id: "c1", name: "echo", input: { v: "hi" } }] },
          { text: "done" },
        ],
        { registry: registryOf(echo("echo")) },
      );
      const result = await loop.run("say hi");
      expect(result.text).toBe("done");
      expect(result.turns).toBe(2);
      expect(result.toolCalls.map((c) => [c.id, c.name, c.isError])).toEqual([["c1", "echo", false]]);
      expect(server.requests[1]?.toolResults).toEqual([{ callId: "c1", text: "echo:hi", isError: false }]);
      expect(server.requests[0]?.toolNames).toEqual(["echo"]);
      expect(result.usage.inputTokens).toBeGreaterThan(0);
      expect(result.messages.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    });
  });

  describe("when the model calls a name that was not advertised", () => {
    it("answers it as not available without running it", async () => {
      let ran = false;
      const { server, loop } = await setup(
        [{ toolCalls: [{ id: "c1", name: "secret", input: { v: "x" } }] }, { text: "ok" }],
        {
          registry: registryOf(
            echo("echo"),
            tool("secret", () => {
              ran = true;
              return "leaked";
            }),
          ),
          selector: selectByNames(["echo"]),
        },
      );
      const result = await loop.run("go");
      expect(ran).toBe(false);
      expect(server.requests[0]?.toolNames).toEqual(["echo"]);
      expect(server.requests[1]?.toolResults[0]?.text).toMatch(
        /^tool 'secret' is not available\. Available: echo\n/,
      );
      expect(result.toolCalls[0]?.isError).toBe(true);
    });
  });

  describe("when a tool fails", () => {
    it("sends the soft failure back as an error result and continues", async () => {
      const { server, loop } = await setup(
        [{ toolCalls: [{ id: "c1", name: "boom", input: { v: "x" } }] }, { text: "recovered" }],
        {
          registry: registryOf(
            tool("boom", () => {
              throw new Error("disk on fire");
            }),
          ),
        },
      );
      const result = await loop.run("go");
      expect(result.text).toBe("recovered");
      const sent = server.requests[1]?.toolResults[0];
      expect(sent?.text).toBe("Tool 'boom' threw: disk on fire");
      if (server.requests[1]?.dialect === "anthropic-messages") expect(sent?.isError).toBe(true);
      expect(result.toolCalls[0]?.isError).toBe(true);
    });
  });

  describe("when calls run in parallel", () => {
    it("runs them together and returns the results in call order", async () => {
      let inFlight = 0;
      let most = 0;
      const slow = (name: string, ms: number) =>
        tool(
          name,
          async (input) => {
            inFlight++;
            most = Math.max(most, inFlight);
            await new Promise((r) => setTimeout(r, ms));
            inFlight--;
            return `${name}:${input.v}`;
          },
          { safe: true },
        );
      const { server, loop } = await setup(
        [
          {
            toolCalls: [
              { id: "a", name: "slow", input: { v: "1" } },
              { id: "b", name: "mid", input: { v: "2" } },
              { id: "c", name: "fast", input: { v: "3" } },
            ],
          },
          { text: "ok" },
        ],
        {
          registry: registryOf(slow("slow", 60), slow("mid", 30), slow("fast", 1)),
          dispatch: { mode: "parallel" },
        },
      );
      await loop.run("go");
      expect(most).toBe(3);
      expect(server.requests[1]?.toolResults.map((r) => [r.callId, r.text])).toEqual([
        ["a", "slow:1"],
        ["b", "mid:2"],
        ["c", "fast:3"],
      ]);
    });
  });

  describe("when the model repeats the same call", () => {
    it("ends the run with LoopDetected after the threshold", async () => {
      let calls = 0;
      const same = { toolCalls: [{ name: "count", input: { v: "same" } }] };
      const { loop } = await setup([same, same, same, same, { text: "never" }], {
        registry: registryOf(
          tool("count", () => {
            calls++;
            return "again";
          }),
        ),
      });
      const error = await rejection(loop.run("go"));
      expect(error.kind).toBe("LoopDetected");
      expect(error.turn).toBe(4);
      expect(calls).toBe(3);
    });

    it("does not count calls whose input differs", async () => {
      const step = (v: string) => ({ toolCalls: [{ name: "echo", input: { v } }] });
      const { loop } = await setup(
        [step("a"), step("a"), step("b"), step("a"), step("a"), { text: "fine" }],
        {
          registry: registryOf(echo("echo")),
        },
      );
      expect((await loop.run("go")).text).toBe("fine");
    });
  });
});
