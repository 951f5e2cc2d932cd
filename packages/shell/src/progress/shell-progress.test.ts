import { type ToolProgressEvent, createToolContext } from "@toolkit/core";
import { ToolRegistry, dispatch } from "@toolkit/registry";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createShellTools } from "../tools/create-shell-tools.js";
import { Shell } from "../tools/shell.js";
import { pinned, type Sandbox, sandbox } from "../tools/test-helpers.js";

let box: Sandbox;
beforeEach(async () => {
  box = await sandbox();
});
afterEach(async () => {
  await box.cleanup();
});

/** Runs one Shell call through dispatch, recording the progress that arrived before the result. */
async function run(shell: Shell, command: string, listen = true) {
  const registry = new ToolRegistry();
  registry.register(shell);
  const events: (ToolProgressEvent & { at: number })[] = [];
  const [result] = await dispatch(registry, [{ id: "c1", name: "Shell", input: { command } }], {
    ctx: box.ctx,
    ...(listen
      ? { onProgress: (event: ToolProgressEvent) => events.push({ ...event, at: Date.now() }) }
      : {}),
  });
  if (result === undefined) throw new Error("no result");
  const text = pinned(result.output).replace(/shell-[0-9a-f]{8}-/g, "shell-X-");
  return { text, events: [...events] };
}

describe("Shell progress", () => {
  describe("when a command prints a line a second", () => {
    it("delivers each line as an update before the result", async () => {
      const { text, events } = await run(new Shell(), "for i in 1 2 3; do echo $i; sleep 1; done");
      expect(text).toBe("1\n2\n3\n[exit 0, N ms]");
      expect(events.map((e) => e.output)).toEqual(["1\n", "2\n", "3\n"]);
      expect(events.every((e) => e.callId === "c1" && e.tool === "Shell")).toBe(true);
    });
  });

  describe("when a command is silent for longer than stalledOutputMs", () => {
    it("says how long there was no new output", async () => {
      const { events } = await run(new Shell({ stalledOutputMs: 300 }), "echo start; sleep 1; echo end");
      const messages = events.flatMap((e) => (e.message === undefined ? [] : [e.message]));
      expect(messages.length).toBeGreaterThanOrEqual(1);
      for (const m of messages) expect(m).toMatch(/^no new output for \d\.\d s$/);
      expect(events.map((e) => e.output ?? "").join("")).toBe("start\nend\n");
    });
  });

  describe("when a line has no newline", () => {
    it("is sent when the command ends", async () => {
      const { events } = await run(new Shell(), "printf 'a\\nno newline'; printf 'err' >&2");
      expect(events.map((e) => e.output ?? "").join("")).toBe("a\nno newline\nerr\n");
    });
  });

  describe("when a command prints 1 MB a second", () => {
    const command =
      "for i in $(seq 20); do head -c 50000 /dev/zero | tr '\\0' a | fold -w 99; sleep 0.05; done; echo end";

    it("delivers at most 10 updates in any second and leaves the result as without progress", async () => {
      const shell = new Shell();
      const { text, events } = await run(shell, command);
      const quiet = await run(shell, command, false);
      expect(text).toBe(quiet.text);
      expect(text).toContain("end\n[exit 0, N ms]");
      expect(events.length).toBeGreaterThan(1);
      // The last update is the channel's flush at the end of the call, sent at once so it precedes the result.
      const paced = events.slice(0, -1);
      for (const [i, e] of paced.entries()) {
        const inWindow = paced.slice(i).filter((later) => later.at - e.at < 1000);
        expect(inWindow.length).toBeLessThanOrEqual(10);
      }
    });
  });

  describe("when JobInput waits for a job's answer", () => {
    it("reports the job's new lines as they arrive, and the reply still holds them", async () => {
      const registry = new ToolRegistry();
      for (const tool of createShellTools()) registry.register(tool);
      const seen: string[] = [];
      const calls = [
        {
          id: "c1",
          name: "Shell",
          input: { command: 'while read -r l; do echo "got $l"; done', background: true },
        },
        { id: "c2", name: "JobInput", input: { job_id: "job-1", text: "a\nb\n", eof: true, yieldMs: 5000 } },
      ];
      const results = await dispatch(registry, calls, {
        ctx: box.ctx,
        onProgress: (event) => {
          if (event.callId === "c2") seen.push(event.output ?? "");
        },
      });
      expect(results[1]?.output.textContent()).toMatch(/^got a\ngot b\n\[job-1 exit 0 \(\d+ s\)\]$/);
      expect(seen.join("")).toBe("got a\ngot b\n");
    });
  });

  describe("when the session context listens", () => {
    it("gets the lines outside dispatch too", async () => {
      const seen: string[] = [];
      const ctx = createToolContext({
        cwd: box.root,
        tempDir: box.ctx.tempDir,
        onProgress: (update) => seen.push(update.output ?? ""),
      });
      const out = await new Shell({ sandbox: "off" }).call({ command: "echo x; echo y" }, ctx);
      await ctx.dispose();
      expect(pinned(out)).toBe("x\ny\n[exit 0, N ms]");
      expect(seen.join("")).toBe("x\ny\n");
    });
  });
});
