import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hostPidsWith, marker, skipWithoutBwrap } from "../sandbox/test-helpers.js";
import { createShellTools } from "./create-shell-tools.js";
import { eventually, type Sandbox, sandbox } from "./test-helpers.js";

let box: Sandbox;
beforeEach(async () => {
  box = await sandbox();
});
afterEach(async () => {
  await box.cleanup();
});

const OFF = { sandbox: "off" } as const;

async function start(command: string, { tty = false, options = {} } = {}) {
  const [shell, jobs, jobInput] = createShellTools({ killGraceMs: 300, ...options });
  const out = await shell.call({ command, background: true, ...(tty ? { tty: true } : {}) }, box.ctx);
  expect(out.isError).toBe(false);
  const type = async (input: Record<string, unknown>) =>
    (await jobInput.call({ job_id: "job-1", ...input }, box.ctx)).textContent();
  /** Reads with JobInput until the text read so far matches (a loaded machine may be slow to answer). */
  const readUntil = async (pattern: RegExp, first = "") => {
    let seen = first;
    return eventually(async () => {
      if (pattern.test(seen)) return seen;
      seen += `${await type({ yieldMs: 100 })}\n`;
      return pattern.test(seen) ? seen : undefined;
    }, 150);
  };
  return { shell, jobs, jobInput, out, type, readUntil };
}

describe("JobInput", () => {
  describe("when a job without tty reads its stdin", () => {
    it("writes the text and the enter key and replies with the job's answer", async () => {
      const { type, readUntil } = await start('read -r line; echo "got $line"; sleep 60');
      const reply = await type({ text: "hello", keys: ["enter"] });
      expect(await readUntil(/got hello\n/, reply)).toMatch(/got hello\n/);
    });

    it("closes stdin on eof, so the command reads end of input and exits", async () => {
      const { type, readUntil } = await start("cat; echo done");
      const reply = await type({ text: "abc\n", eof: true, yieldMs: 2000 });
      expect(await readUntil(/\[job-1 exit 0 \(\d+ s\)\]$/, reply)).toMatch(/^abc\ndone\n/);
      const again = await type({ text: "more" }).catch((error: Error) => error.message);
      expect(again).toMatch(/cannot write to job-1: it has finished \(exit 0 \(\d+ s\)\)/);
    });

    it("refuses ctrl-c, which needs a terminal", async () => {
      const { jobInput } = await start("sleep 60");
      const out = await jobInput.call({ job_id: "job-1", keys: ["ctrl-c"] }, box.ctx);
      expect(out.isError).toBe(true);
      expect(out.textContent()).toContain(
        '`keys[0]` "ctrl-c" needs a terminal, and job-1 runs without one (stdin is a pipe); stop it with Jobs {"operation": "kill"}, or start it with tty: true',
      );
    });
  });

  describe("when the job id is unknown", () => {
    it("names the known jobs", async () => {
      const { jobInput } = await start("sleep 60");
      const out = await jobInput.call({ job_id: "job-9", text: "x" }, box.ctx);
      expect(out.textContent()).toContain('`job_id` "job-9" is not a job of this session; known jobs: job-1');
    });
  });

  describe("when Shell gets tty without background", () => {
    it("is refused", async () => {
      const [shell] = createShellTools();
      const out = await shell.call({ command: "true", tty: true }, box.ctx);
      expect(out.isError).toBe(true);
      expect(out.textContent()).toContain("`tty` needs `background: true`");
    });
  });

  describe.each([
    ["sandboxed", {}],
    ["unsandboxed", OFF],
  ])("when a REPL runs in a terminal (%s)", (_label, options) => {
    it("computes 6*7 and the reply is the terminal's plain text", async () => {
      const { type, readUntil } = await start("node -i", { tty: true, options });
      await readUntil(/^> ?$/m);
      const reply = await type({ text: "6*7", keys: ["enter"] });
      const text = await readUntil(/^42$/m, reply);
      expect(text).toMatch(/^> 6\*7$/m);
      expect(text).not.toMatch(/\x1b/);
    });
  });
});

describe("a terminal job", () => {
  if (skipWithoutBwrap("terminal jobs in the sandbox")) return;

  it("gets ctrl-c as SIGINT for its foreground program inside the sandbox, and the shell survives", async () => {
    const mark = marker();
    const { type, readUntil } = await start("bash --norc --noprofile -i", { tty: true });
    await readUntil(/[$#] ?$/m);
    await type({ text: `sleep ${mark}`, keys: ["enter"] });
    // Typed into the shell, the mark is in sleep's command line alone.
    await eventually(() => (hostPidsWith(mark).length > 0 ? true : undefined));
    await type({ keys: ["ctrl-c"] });
    await eventually(() => (hostPidsWith(mark).length === 0 ? true : undefined));
    const reply = await type({ text: "echo alive-$((40+2))", keys: ["enter"] });
    expect(await readUntil(/^alive-42$/m, reply)).toMatch(/^alive-42$/m);
  });

  it("ends a sleep run as its command on ctrl-c, with the status a shell reports", async () => {
    const mark = marker();
    const { type, readUntil } = await start(`sleep ${mark}`, { tty: true });
    // sleep itself (its argv, NUL-separated), not the shell or bubblewrap whose argument names it.
    await eventually(() => (hostPidsWith(`sleep\u0000${mark}`).length > 0 ? true : undefined));
    const reply = await type({ keys: ["ctrl-c"], yieldMs: 5000 });
    expect(await readUntil(/\[job-1 exit 130 \(\d+ s\)\]/, reply)).toMatch(/^\^C$/m);
    expect(hostPidsWith(mark)).toEqual([]);
  });

  it("is killed with every process it started when the session ends", async () => {
    const mark = marker();
    const { readUntil } = await start(`echo started; sleep ${mark}`, { tty: true });
    await readUntil(/started/);
    await eventually(() => (hostPidsWith(`sleep ${mark}`).length > 0 ? true : undefined));
    expect(hostPidsWith(mark).length).toBeGreaterThan(1); // bubblewrap, the terminal host, the shell
    await box.ctx.dispose();
    expect(hostPidsWith(mark)).toEqual([]);
  });
});
