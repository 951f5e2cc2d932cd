import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { BareLoop, LoopError, openaiChat } from "@toolkit/loop";
import { ScriptedModelServer, type ScriptStep } from "@toolkit/loop/test";
import { ToolRegistry } from "@toolkit/registry";
import { Shell } from "@toolkit/shell";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { HooksConfig } from "../config/hook-config.js";
import { createHooks } from "../engine/create-hooks.js";
import { type Project, project } from "../testing/test-helpers.js";

let p: Project;
let server: ScriptedModelServer | undefined;
let loop: BareLoop | undefined;
beforeEach(async () => {
  p = await project();
});
afterEach(async () => {
  await loop?.dispose();
  await server?.close();
  await p.cleanup();
});

async function start(config: HooksConfig, script: ScriptStep[]) {
  server = await ScriptedModelServer.start({ script });
  const registry = new ToolRegistry();
  registry.register(new Shell({ sandbox: "off" }));
  const hooks = createHooks(config);
  loop = new BareLoop({
    model: openaiChat({ baseUrl: server.openaiBaseUrl, model: "scripted" }),
    registry,
    cwd: p.dir,
    isNonInteractive: true,
    middleware: [hooks.middleware()],
    gates: [hooks.gate()],
  });
  return { server, loop };
}

const command = (c: string) => [{ hooks: [{ type: "command" as const, command: c }] }];

describe("hooksGate", () => {
  describe("when a Stop hook blocks once", () => {
    it("the loop takes one more turn with the reason, and stop_hook_active is true the second time", async () => {
      const log = join(p.dir, "stop.log");
      // Claude Code's documented pattern: block unless a Stop hook already made the model continue.
      const hook = await p.script(
        "stop.cjs",
        `#!/usr/bin/env node
let s = "";
process.stdin.on("data", (d) => (s += d)).on("end", () => {
  const input = JSON.parse(s);
  require("node:fs").appendFileSync(${JSON.stringify(log)}, String(input.stop_hook_active) + "\\n");
  if (!input.stop_hook_active) process.stdout.write(JSON.stringify({ decision: "block", reason: "Run the tests before you finish." }));
});
`,
      );
      const { server, loop } = await start({ Stop: command(hook) }, [
        { text: "Done." },
        { text: "Tests pass." },
      ]);
      const result = await loop.run("fix the bug");
      expect(result.text).toBe("Tests pass.");
      expect(result.turns).toBe(2);
      expect(await readFile(log, "utf8")).toBe("false\ntrue\n");
      expect(server.requests[1]?.body).toContain("Run the tests before you finish.");
    });

    it("exit 2 also blocks the stop, with stderr as the reason", async () => {
      const flag = join(p.dir, "once");
      const hook = await p.script(
        "stop.sh",
        `#!/usr/bin/env bash\ncat >/dev/null\nif [ ! -e "${flag}" ]; then touch "${flag}"; echo "lint first" >&2; exit 2; fi\n`,
      );
      const { server, loop } = await start({ Stop: command(hook) }, [{ text: "a" }, { text: "b" }]);
      expect((await loop.run("go")).text).toBe("b");
      expect(server.requests[1]?.body).toContain("lint first");
    });
  });

  describe("when a UserPromptSubmit hook answers", () => {
    it("its plain stdout and additionalContext reach the model with the prompt, which it sees on stdin", async () => {
      const seen = join(p.dir, "prompt.json");
      const hook = await p.script("prompt.sh", `#!/usr/bin/env bash\ncat > "${seen}"\necho "Branch: main"\n`);
      const { server, loop } = await start({ UserPromptSubmit: command(hook) }, [{ text: "ok" }]);
      await loop.run("what branch?");
      expect(JSON.parse(await readFile(seen, "utf8"))).toMatchObject({
        hook_event_name: "UserPromptSubmit",
        prompt: "what branch?",
        cwd: p.dir,
      });
      expect(server.requests[0]?.body).toContain("Branch: main");
    });

    it("a block ends the run before any request", async () => {
      const hook = await p.script(
        "prompt.sh",
        `#!/usr/bin/env bash\ncat >/dev/null\necho '{"decision":"block","reason":"no secrets in prompts"}'\n`,
      );
      const { server, loop } = await start({ UserPromptSubmit: command(hook) }, [{ text: "never" }]);
      const error = await loop.run("my key is sk-123").catch((e: unknown) => e);
      expect(LoopError.is(error) && error.kind).toBe("Gate");
      expect((error as Error).message).toBe("The run was blocked before it started: no secrets in prompts");
      expect(server.requests).toHaveLength(0);
    });
  });

  describe("when a run starts and ends", () => {
    it("runs SessionStart (its stdout is context) and SessionEnd", async () => {
      const log = join(p.dir, "session.log");
      const hook = await p.script(
        "session.sh",
        `#!/usr/bin/env bash\ninput=$(cat)\nevent=$(printf '%s' "$input" | sed -E 's/.*"hook_event_name":"([A-Za-z]+)".*/\\1/')\necho "$event" >> "${log}"\n[ "$event" = SessionStart ] && echo "Project uses pnpm"\nexit 0\n`,
      );
      const { server, loop } = await start({ SessionStart: command(hook), SessionEnd: command(hook) }, [
        { text: "ok" },
      ]);
      await loop.run("hello");
      expect(await readFile(log, "utf8")).toBe("SessionStart\nSessionEnd\n");
      expect(server.requests[0]?.body).toContain("Project uses pnpm");
    });
  });

  describe("when a tool hook answers continue: false", () => {
    it("the call is refused and the run ends after its turn", async () => {
      const hook = await p.script(
        "halt.sh",
        `#!/usr/bin/env bash\ncat >/dev/null\necho '{"continue":false,"stopReason":"maintenance window"}'\n`,
      );
      const { loop } = await start(
        { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: hook }] }] },
        [{ toolCalls: [{ name: "Shell", input: { command: "echo hi" } }] }, { text: "never" }],
      );
      const error = await loop.run("go").catch((e: unknown) => e);
      expect((error as Error).message).toBe("The run was stopped: maintenance window");
    });
  });
});
