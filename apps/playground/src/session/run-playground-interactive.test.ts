import { spawnSync } from "node:child_process";
import { rm } from "node:fs/promises";
import { dirname } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { runPlayground } from "./run-playground.js";

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0)) await fn();
});

const tty = () => Object.assign(new PassThrough(), { isTTY: true });
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*[A-Za-z]/g, "");

describe("runPlayground", () => {
  describe("when interactive", () => {
    it("lists checkpoints, undoes the last task's files and conversation, and ends on /exit", async () => {
      const output = tty();
      const input = tty();
      const commands = ["/checkpoints", "/nope", "/undo", "/undo", "/exit"];
      let shown = "";
      let answered = 0;
      output.on("data", (chunk: Buffer) => {
        shown += chunk.toString("utf8");
        const prompts = plain(shown).split("\n> ").length - 1;
        while (answered < prompts) input.write(`${commands[answered++] ?? "/exit"}\n`);
      });
      const outcome = await runPlayground({
        keep: true,
        yes: true,
        interactive: true,
        provider: "scripted",
        output,
        input,
        env: {},
      });
      cleanup.push(() => rm(dirname(outcome.workspace), { recursive: true, force: true }));
      const text = plain(shown);
      expect(outcome.error).toBeUndefined();
      expect(text).toContain("between tasks: /undo, /checkpoints, /restore <id>, /exit");
      expect(text).toMatch(
        /[0-9a-f]{12} {2}#1 {2}turn \d+ {2}\S+ {2}turn: before turn \d+\n {2}calls after it: /,
      );
      expect(text).toMatch(/\n {2}\d+ files? changed, /);
      expect(text).toContain(
        "Unknown command /nope; the commands are /undo, /checkpoints, /restore <id>, /exit.",
      );
      expect(text).toContain("Undid the last task: files and conversation are back to turn 0.");
      expect(text).toContain("Nothing to undo.");
      // The scripted model fixed the sample's failing test; the undo put the bug back.
      expect(spawnSync(process.execPath, ["--test"], { cwd: outcome.workspace }).status).not.toBe(0);
    });
  });
});
