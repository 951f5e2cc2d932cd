import type { ToolContext } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { messageText } from "../model/messages.js";
import type { ScriptStep } from "../test/script.js";
import type { RewindableFiles } from "./kept-conversation.js";
import type { BareLoopOptions } from "./loop-options.js";
import { DIALECTS, echo, registryOf, useLoopHarness } from "./test-kit.js";

const setupLoop = useLoopHarness();

/** Records what rewind asked the files side to do. */
class RecordingFiles implements RewindableFiles {
  readonly asked: number[][] = [];
  fail = false;
  async restoreBefore(turns: readonly number[], _ctx: ToolContext): Promise<void> {
    if (this.fail) throw new Error("restore failed");
    this.asked.push([...turns]);
  }
}

const [first] = DIALECTS;
if (!first) throw new Error("no dialects");

describe("BareLoop.rewind", () => {
  const setup = (script: ScriptStep[], options: Omit<BareLoopOptions, "model">) =>
    setupLoop(first.client, script, options);
  const call = (v: string): ScriptStep => ({ toolCalls: [{ name: "echo", input: { v } }] });

  describe("when the loop keeps its conversation", () => {
    it("continues it across runs, numbering turns on", async () => {
      const { server, loop } = await setup([call("a"), { text: "one" }, { text: "two" }], {
        registry: registryOf(echo("echo")),
        keepConversation: true,
      });
      expect(loop.context).toBeUndefined();
      expect((await loop.run("first")).turns).toBe(2);
      expect(loop.context?.sessionId).toBe(loop.sessionId);
      const second = await loop.run("second");
      expect(second.turns).toBe(1);
      expect(loop.conversationTurns()).toEqual([1, 2, 3]);
      expect(second.messages.map((m) => m.role)).toEqual([
        "user",
        "assistant",
        "tool",
        "assistant",
        "user",
        "assistant",
      ]);
      expect(server.requests[2]?.body).toContain("first");
    });

    it("restores the files of later turns and cuts the conversation after the turn, as one operation", async () => {
      const files = new RecordingFiles();
      const { server, loop } = await setup([call("a"), call("b"), { text: "done" }, { text: "again" }], {
        registry: registryOf(echo("echo")),
        keepConversation: true,
        rewindFiles: files,
      });
      await loop.run("task");
      expect(loop.conversationTurns()).toEqual([1, 2, 3]);
      await loop.rewind(1);
      expect(files.asked).toEqual([[2, 3]]);
      expect(loop.conversation().map((m) => m.role)).toEqual(["user", "assistant", "tool"]);
      expect(loop.conversationTurns()).toEqual([1]);
      await loop.run("next");
      // The next request carries turn 1 and the new task, nothing of turns 2 and 3.
      const body = server.requests[3]?.body ?? "";
      expect(body).toContain("next");
      expect(body).not.toContain('"v":"b"');
      expect(loop.conversationTurns()).toEqual([1, 4]);
      expect(messageText(loop.conversation().at(-1) as never)).toBe("again");
    });

    it("keeps the conversation whole when the files cannot be restored", async () => {
      const files = new RecordingFiles();
      files.fail = true;
      const { loop } = await setup([call("a"), { text: "done" }], {
        registry: registryOf(echo("echo")),
        keepConversation: true,
        rewindFiles: files,
      });
      await loop.run("task");
      await expect(loop.rewind(0)).rejects.toThrow("restore failed");
      expect(loop.conversationTurns()).toEqual([1, 2]);
      expect(loop.conversation()).toHaveLength(4);
    });

    it("refuses a turn that is not in the conversation", async () => {
      const { loop } = await setup([{ text: "done" }], {
        registry: registryOf(echo("echo")),
        keepConversation: true,
      });
      await loop.run("task");
      await expect(loop.rewind(5)).rejects.toThrow(
        "BareLoop.rewind: `toTurn` must be 0 or a turn of the kept conversation (1), got 5",
      );
      await loop.rewind(0);
      expect(loop.conversation()).toEqual([]);
    });
  });

  describe("when the loop does not keep its conversation", () => {
    it("refuses to rewind and starts each run anew", async () => {
      const { loop } = await setup([{ text: "one" }, { text: "two" }], {
        registry: registryOf(echo("echo")),
      });
      await loop.run("a");
      expect((await loop.run("b")).messages).toHaveLength(2);
      await expect(loop.rewind(0)).rejects.toThrow(
        "BareLoop.rewind: the loop keeps no conversation; create it with `keepConversation: true`",
      );
    });

    it("refuses rewindFiles without keepConversation", async () => {
      await expect(setup([], { registry: registryOf(), rewindFiles: new RecordingFiles() })).rejects.toThrow(
        "BareLoop: `rewindFiles` needs `keepConversation: true`",
      );
    });
  });
});
