import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BareLoop, openaiChat } from "@toolkit/loop";
import { ScriptedModelServer } from "@toolkit/loop/test";
import { ToolRegistry } from "@toolkit/registry";
import { createShellTools } from "@toolkit/shell";
import { afterEach, describe, expect, it } from "vitest";

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0)) await fn();
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

describe("BareLoop with the shell family", () => {
  describe("when the session is disposed", () => {
    it("ends the background jobs the Shell tool started", async () => {
      const root = await mkdtemp(join(tmpdir(), "playground-jobs-"));
      cleanup.push(() => rm(root, { recursive: true, force: true }));
      const command = `${JSON.stringify(process.execPath)} -e "require('fs').writeFileSync('pid', String(process.pid)); setInterval(() => {}, 1000)"`;
      const server = await ScriptedModelServer.start({
        script: [
          { toolCalls: [{ name: "Shell", input: { command, background: true } }] },
          { text: "started" },
        ],
      });
      cleanup.push(() => server.close());
      const registry = new ToolRegistry();
      // Unsandboxed: the job writes its pid with `$$`, which inside bubblewrap's PID
      // namespace is not the host's pid (shell's sandbox/kill.test.ts covers the sandboxed case).
      for (const tool of createShellTools({ sandbox: "off" })) registry.register(tool);
      const loop = new BareLoop({
        model: openaiChat({ baseUrl: server.openaiBaseUrl, model: "scripted" }),
        registry,
        cwd: root,
        isNonInteractive: true,
      });
      const result = await loop.run("start a server");
      expect(result.toolCalls[0]?.isError).toBe(false);
      const pidFile = join(root, "pid");
      expect(await until(async () => (await readFile(pidFile, "utf8").catch(() => "")) !== "", 5_000)).toBe(
        true,
      );
      const pid = Number(await readFile(pidFile, "utf8"));
      expect(alive(pid)).toBe(true);
      await loop.dispose();
      expect(await until(async () => !alive(pid), 5_000)).toBe(true);
    });
  });
});
