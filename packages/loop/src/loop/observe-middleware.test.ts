import { ToolError } from "@toolkit/core";
import { timeout } from "@toolkit/middleware";
import type { Middleware } from "@toolkit/registry";
import { describe, expect, it } from "vitest";
import type { ToolPostEvent, ToolPreEvent } from "./observer.js";
import { DIALECTS, echo, registryOf, tool, useLoopHarness } from "./test-kit.js";

const setupLoop = useLoopHarness();
const chat = DIALECTS[0]?.client;
if (!chat) throw new Error("no chat client");

/** Refuses every call to `Danger`, as a permission layer does. */
const denyDanger: Middleware = async function denyDanger(call, next) {
  if (call.name === "Danger") throw ToolError.permission("Danger is not allowed here");
  return next(call);
};

describe("observeCalls", () => {
  describe("when calls time out, are denied or throw", () => {
    it("gives every onToolPre its onToolPost and records every call in the result", async () => {
      const pre: ToolPreEvent[] = [];
      const post: ToolPostEvent[] = [];
      const { loop } = await setupLoop(
        chat,
        [
          {
            toolCalls: [
              { id: "slow", name: "Slow", input: { v: "1" } },
              { id: "deny", name: "Danger", input: { v: "2" } },
              { id: "boom", name: "Boom", input: { v: "3" } },
              { id: "ok", name: "echo", input: { v: "4" } },
            ],
          },
          { text: "done" },
        ],
        {
          registry: registryOf(
            tool(
              "Slow",
              (_input, ctx) =>
                new Promise((_, reject) =>
                  ctx.signal.addEventListener("abort", () => reject(ctx.signal.reason)),
                ),
            ),
            tool("Danger", () => "ran"),
            tool("Boom", () => {
              throw new Error("disk on fire");
            }),
            echo("echo"),
          ),
          middleware: [denyDanger, timeout({ seconds: 0.05 })],
          observers: [{ onToolPre: (e) => pre.push(e), onToolPost: (e) => post.push(e) }],
        },
      );
      const result = await loop.run("go");
      expect(pre.map((e) => e.id)).toEqual(["slow", "deny", "boom", "ok"]);
      expect(post.map((e) => [e.id, e.output.isError, e.output.textContent().split("\n")[0]])).toEqual([
        ["slow", true, "Tool 'Slow' timed out after 0.05s"],
        ["deny", true, "Permission denied: Danger is not allowed here"],
        ["boom", true, "Tool 'Boom' threw: disk on fire"],
        ["ok", false, "echo:4"],
      ]);
      expect(result.toolCalls.map((c) => [c.id, c.isError])).toEqual([
        ["slow", true],
        ["deny", true],
        ["boom", true],
        ["ok", false],
      ]);
    });
  });
});
