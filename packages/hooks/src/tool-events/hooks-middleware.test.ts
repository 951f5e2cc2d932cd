import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { FnTool, ToolOutput } from "@toolkit/core";
import { permissions } from "@toolkit/middleware";
import { dispatch, type Middleware, ToolRegistry } from "@toolkit/registry";
import { analyzeCommand, Shell } from "@toolkit/shell";
import { Edit, Write } from "@toolkit/fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createHooks, type HooksOptions } from "../engine/create-hooks.js";
import type { HooksConfig } from "../config/hook-config.js";
import { type Project, project } from "../testing/test-helpers.js";

let p: Project;
beforeEach(async () => {
  p = await project();
});
afterEach(async () => {
  await p.cleanup();
});

const shell = new Shell({ sandbox: "off" });

function registry(...extra: FnTool[]): ToolRegistry {
  const r = new ToolRegistry();
  r.register(shell);
  r.register(new Write());
  r.register(new Edit());
  for (const t of extra) r.register(t);
  return r;
}

async function run(
  config: HooksConfig,
  calls: { name: string; input: unknown }[],
  options: HooksOptions & { after?: Middleware[]; reg?: ToolRegistry } = {},
) {
  const hooks = createHooks(config, options);
  const results = await dispatch(
    options.reg ?? registry(),
    calls.map((c, i) => ({ id: `call_${i}`, ...c })),
    { ctx: p.ctx, middleware: [hooks.middleware(), ...(options.after ?? [])] },
  );
  return results.map((r) => r.output);
}

const bash = (command: string, matcher = "Bash"): HooksConfig => ({
  PreToolUse: [{ matcher, hooks: [{ type: "command", command }] }],
});

// Claude Code's documented example shape: read the JSON on stdin, exit 2 with a reason on stderr.
const BLOCK_RM = `#!/usr/bin/env bash
input=$(cat)
if printf '%s' "$input" | grep -q '"command":"rm -rf'; then
  echo "Blocked: rm -rf is not allowed here" >&2
  exit 2
fi
exit 0
`;

describe("hooksMiddleware", () => {
  describe("when a PreToolUse hook on Bash exits 2", () => {
    it("blocks the call and the model reads the hook's stderr", async () => {
      const guard = await p.script("block-rm.sh", BLOCK_RM);
      await writeFile(join(p.dir, "keep.txt"), "x");
      const [out] = await run(bash(guard), [{ name: "Shell", input: { command: "rm -rf keep.txt" } }]);
      expect(out?.isError).toBe(true);
      expect(out?.textContent()).toBe(
        "Permission denied: a PreToolUse hook refused this call: Blocked: rm -rf is not allowed here\nDo not retry this call; choose an allowed action or ask the user for permission.",
      );
      expect(await readFile(join(p.dir, "keep.txt"), "utf8")).toBe("x");
    });

    it("lets other commands run", async () => {
      const guard = await p.script("block-rm.sh", BLOCK_RM);
      const [out] = await run(bash(guard), [{ name: "Shell", input: { command: "echo fine" } }]);
      expect(out?.isError).toBe(false);
      expect(out?.textContent()).toMatch(/^fine\n/);
    });
  });

  describe("when the hook reads Claude Code's input on stdin", () => {
    it("sees Bash with command, description, timeout in ms and run_in_background, and the common fields", async () => {
      const dump = join(p.dir, "seen.json");
      const hook = await p.script("dump.sh", `#!/usr/bin/env bash\ncat > "${dump}"\n`);
      await run(bash(hook), [
        {
          name: "Shell",
          input: { command: "true", description: "nothing", timeout_s: 2.5, background: false, cwd: "." },
        },
      ]);
      const seen = JSON.parse(await readFile(dump, "utf8"));
      expect(seen).toEqual({
        session_id: p.ctx.sessionId,
        transcript_path: "",
        cwd: p.dir,
        permission_mode: "default",
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: {
          command: "true",
          description: "nothing",
          timeout: 2500,
          run_in_background: false,
          cwd: ".",
        },
        tool_use_id: "call_0",
      });
    });

    it("gets CLAUDE_PROJECT_DIR and TOOLKIT_PROJECT_DIR", async () => {
      const dump = join(p.dir, "env.txt");
      const hook = await p.script(
        "env.sh",
        `#!/usr/bin/env bash\necho "$CLAUDE_PROJECT_DIR|$TOOLKIT_PROJECT_DIR" > "${dump}"\n`,
      );
      await run(bash(hook), [{ name: "Shell", input: { command: "true" } }], { projectDir: "/some/project" });
      expect(await readFile(dump, "utf8")).toBe("/some/project|/some/project\n");
    });
  });

  describe("when a node hook answers with JSON", () => {
    const nodeHook = (answer: object) =>
      `#!/usr/bin/env node\nprocess.stdin.resume();process.stdin.on("end",()=>{process.stdout.write(${JSON.stringify(JSON.stringify(answer))});});\n`;

    it("a deny with a reason refuses the call with that reason", async () => {
      const hook = await p.script(
        "deny.mjs",
        nodeHook({
          hookSpecificOutput: {
            hookEventName: "PreToolUse",
            permissionDecision: "deny",
            permissionDecisionReason: "Use the Jobs tool instead",
          },
        }),
      );
      const [out] = await run(bash(hook), [{ name: "Shell", input: { command: "sleep 100 &" } }]);
      expect(out?.textContent()).toBe(
        "Permission denied: a PreToolUse hook refused this call: Use the Jobs tool instead\nDo not retry this call; choose an allowed action or ask the user for permission.",
      );
    });

    it("an ask goes to the host's ask callback, which decides", async () => {
      const hook = await p.script(
        "ask.mjs",
        nodeHook({
          hookSpecificOutput: { permissionDecision: "ask", permissionDecisionReason: "network access" },
        }),
      );
      const asked: unknown[] = [];
      const config = bash(hook);
      const [no] = await run(config, [{ name: "Shell", input: { command: "echo 1" } }], {
        ask: (request) => {
          asked.push(request);
          return false;
        },
      });
      expect(asked).toEqual([
        { event: "PreToolUse", tool: "Shell", input: { command: "echo 1" }, reasons: ["network access"] },
      ]);
      expect(no?.textContent()).toBe(
        "Permission denied: a PreToolUse hook asked for approval of this call and the user did not approve it: network access\nDo not retry this call; choose an allowed action or ask the user for permission.",
      );
      const [yes] = await run(config, [{ name: "Shell", input: { command: "echo 1" } }], { ask: () => true });
      expect(yes?.isError).toBe(false);
      const [nobody] = await run(config, [{ name: "Shell", input: { command: "echo 1" } }]);
      expect(nobody?.textContent()).toContain("nobody can approve it (no `ask` callback)");
    });

    it("an updatedInput rewrites the command, and the rewritten command is what runs", async () => {
      const hook = await p.script(
        "rewrite.mjs",
        nodeHook({
          hookSpecificOutput: {
            permissionDecision: "allow",
            updatedInput: { command: "echo rewritten", timeout: 5000 },
          },
        }),
      );
      const [out] = await run(bash(hook), [{ name: "Shell", input: { command: "echo original" } }]);
      expect(out?.isError).toBe(false);
      expect(out?.textContent()).toMatch(/^rewritten\n/);
    });

    it("an updatedInput into a denied command is refused by the permission rules after it", async () => {
      const hook = await p.script(
        "rewrite.mjs",
        nodeHook({
          hookSpecificOutput: { permissionDecision: "allow", updatedInput: { command: "rm -rf ." } },
        }),
      );
      const after = [
        permissions({ rules: { allow: ["Shell(echo *)"], deny: ["Shell(rm *)"] }, analyzeCommand }),
      ];
      const [out] = await run(bash(hook), [{ name: "Shell", input: { command: "echo hi" } }], { after });
      expect(out?.isError).toBe(true);
      expect(out?.textContent()).toMatch(
        /^Permission denied: Shell command "rm -rf \." matches the deny rule `Shell\(rm \*\)`/,
      );
    });

    it("an updatedInput that breaks the schema is refused before the tool", async () => {
      const hook = await p.script(
        "rewrite.mjs",
        nodeHook({ hookSpecificOutput: { updatedInput: { command: 42 } } }),
      );
      const [out] = await run(bash(hook), [{ name: "Shell", input: { command: "echo hi" } }]);
      expect(out?.isError).toBe(true);
      expect(out?.textContent()).toMatch(
        /^Invalid input: the input a PreToolUse hook rewrote does not fit 'Shell': .*command/,
      );
    });

    it("an allow never overrides a deny rule", async () => {
      const hook = await p.script(
        "allow.mjs",
        nodeHook({ hookSpecificOutput: { permissionDecision: "allow" } }),
      );
      const after = [permissions({ rules: { deny: ["Shell(rm *)"] } })];
      const [out] = await run(bash(hook), [{ name: "Shell", input: { command: "rm -rf ." } }], { after });
      expect(out?.textContent()).toMatch(
        /^Permission denied: Shell command "rm -rf \." matches the deny rule/,
      );
    });
  });

  describe("when several hooks match", () => {
    it("runs them in parallel and deny beats ask beats allow", async () => {
      const marks = join(p.dir, "marks");
      // A barrier: each hook waits until all three have started, so only hooks run at once can finish.
      const slow = (decision: string) =>
        `#!/usr/bin/env bash\ncat >/dev/null; echo start >> "${marks}"\nuntil [ "$(grep -c start "${marks}")" -ge 3 ]; do sleep 0.02; done\necho '{"hookSpecificOutput":{"permissionDecision":"${decision}","permissionDecisionReason":"${decision} says so"}}'\n`;
      const config: HooksConfig = {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [
              { type: "command", command: await p.script("a.sh", slow("allow")) },
              { type: "command", command: await p.script("b.sh", slow("deny")) },
              { type: "command", command: await p.script("c.sh", slow("ask")) },
            ],
          },
        ],
      };
      const [out] = await run(config, [{ name: "Shell", input: { command: "true" } }], { ask: () => true });
      expect(out?.textContent()).toMatch(
        /^Permission denied: a PreToolUse hook refused this call: deny says so\n/,
      );
      expect(await readFile(marks, "utf8")).toBe("start\nstart\nstart\n");
    });
  });

  describe("when a PostToolUse hook answers", () => {
    it("its additionalContext reaches the model after the result", async () => {
      const hook = await p.script(
        "post.sh",
        `#!/usr/bin/env bash\ncat >/dev/null\necho '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"remember to run the tests"}}'\n`,
      );
      const config: HooksConfig = {
        PostToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: hook }] }],
      };
      const [out] = await run(config, [{ name: "Shell", input: { command: "echo done" } }]);
      expect(out?.isError).toBe(false);
      expect(out?.textContent()).toMatch(
        /^done\n\[exit 0, \d+ ms\]\n\nPostToolUse hook context: remember to run the tests$/,
      );
    });

    it("a decision block gives the model the reason (the tool has run)", async () => {
      const hook = await p.script(
        "post.sh",
        `#!/usr/bin/env bash\ncat >/dev/null\necho '{"decision":"block","reason":"the file is not formatted"}'\n`,
      );
      const config: HooksConfig = {
        PostToolUse: [{ matcher: "Edit|Write", hooks: [{ type: "command", command: hook }] }],
      };
      const [out] = await run(config, [{ name: "Write", input: { file_path: "a.ts", content: "x" } }]);
      expect(await readFile(join(p.dir, "a.ts"), "utf8")).toBe("x");
      expect(out?.textContent()).toMatch(/\n\nPostToolUse hook feedback: the file is not formatted$/);
    });

    it("sees tool_response and absolute file paths", async () => {
      const dump = join(p.dir, "seen.json");
      const hook = await p.script("dump.sh", `#!/usr/bin/env bash\ncat > "${dump}"\n`);
      const config: HooksConfig = {
        PostToolUse: [{ matcher: "Write", hooks: [{ type: "command", command: hook }] }],
      };
      const [out] = await run(config, [{ name: "Write", input: { file_path: "b.txt", content: "y" } }]);
      const seen = JSON.parse(await readFile(dump, "utf8"));
      expect(seen.hook_event_name).toBe("PostToolUse");
      expect(seen.tool_input).toEqual({ file_path: join(p.dir, "b.txt"), content: "y" });
      expect(seen.tool_response).toBe(out?.textContent());
    });
  });

  describe("when a call fails", () => {
    it("PostToolUseFailure hooks see the error and may add context", async () => {
      const dump = join(p.dir, "seen.json");
      const hook = await p.script(
        "fail.sh",
        `#!/usr/bin/env bash\ncat > "${dump}"\necho '{"hookSpecificOutput":{"additionalContext":"try --force"}}'\n`,
      );
      const config: HooksConfig = {
        PostToolUseFailure: [{ matcher: "Bash", hooks: [{ type: "command", command: hook }] }],
      };
      const [out] = await run(config, [{ name: "Shell", input: { command: "exit 3" } }]);
      const seen = JSON.parse(await readFile(dump, "utf8"));
      expect(seen.error).toMatch(/exit 3/);
      expect(seen.is_interrupt).toBe(false);
      expect(out?.isError).toBe(true);
      expect(out?.textContent()).toMatch(/\n\nPostToolUseFailure hook context: try --force$/);
    });
  });

  describe("when matchers are Claude Code's", () => {
    it("Edit|Write matches Write and Edit, not Shell; Toolkit's own names match too", async () => {
      const log = join(p.dir, "log");
      const hook = await p.script(
        "log.cjs",
        `#!/usr/bin/env node\nlet s = "";\nprocess.stdin.on("data", (d) => (s += d)).on("end", () => require("node:fs").appendFileSync(${JSON.stringify(log)}, JSON.parse(s).tool_name + "\\n"));\n`,
      );
      const config: HooksConfig = {
        PreToolUse: [
          { matcher: "Edit|Write", hooks: [{ type: "command", command: hook }] },
          { matcher: "Shell", hooks: [{ type: "command", command: hook }] },
        ],
      };
      await writeFile(join(p.dir, "e.txt"), "old");
      await run(config, [
        { name: "Write", input: { file_path: "w.txt", content: "x" } },
        { name: "Shell", input: { command: "true" } },
        { name: "Edit", input: { file_path: "e.txt", old_string: "old", new_string: "new" } },
      ]);
      expect(await readFile(log, "utf8")).toBe("Write\nBash\nEdit\n");
    });

    it("mcp__.* matches a tool imported over MCP by its server and tool name", async () => {
      const log = join(p.dir, "log");
      const hook = await p.script(
        "log.cjs",
        `#!/usr/bin/env node\nlet s = "";\nprocess.stdin.on("data", (d) => (s += d)).on("end", () => require("node:fs").appendFileSync(${JSON.stringify(log)}, JSON.parse(s).tool_name + "\\n"));\n`,
      );
      const imported = Object.assign(
        new FnTool("echo", "Echo", { type: "object" }, async () => ToolOutput.text("e")),
        {
          serverName: "docs",
          remoteName: "echo",
        },
      );
      const reg = registry();
      reg.register(imported);
      await run(
        bash(hook, "mcp__.*"),
        [
          { name: "echo", input: {} },
          { name: "Shell", input: { command: "true" } },
        ],
        { reg },
      );
      expect(await readFile(log, "utf8")).toBe("mcp__docs__echo\n");
    });
  });

  describe("when a hook times out or crashes", () => {
    it("a timeout follows Claude Code's default: the call goes on and the host hears of it", async () => {
      const hook = await p.script("slow.sh", "#!/usr/bin/env bash\nsleep 30\n");
      const messages: string[] = [];
      const config: HooksConfig = {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: hook, timeout: 0.3 }] }],
      };
      const [out] = await run(config, [{ name: "Shell", input: { command: "echo ran" } }], {
        onMessage: (m) => messages.push(m.text),
      });
      expect(out?.textContent()).toMatch(/^ran\n/);
      expect(messages).toEqual([`the PreToolUse hook \`${hook}\` failed: timed out after 0.3s`]);
    });

    it('with onFailure: "block" a timeout blocks the call', async () => {
      const hook = await p.script("slow.sh", "#!/usr/bin/env bash\nsleep 30\n");
      const config: HooksConfig = {
        PreToolUse: [
          { matcher: "Bash", hooks: [{ type: "command", command: hook, timeout: 0.3, onFailure: "block" }] },
        ],
      };
      const [out] = await run(config, [{ name: "Shell", input: { command: "echo ran" } }]);
      expect(out?.textContent()).toBe(
        `Permission denied: a PreToolUse hook refused this call: the PreToolUse hook \`${hook}\` failed: timed out after 0.3s (onFailure: "block")\nDo not retry this call; choose an allowed action or ask the user for permission.`,
      );
    });

    it("a crash (a node hook that throws) is a non-blocking error, or a block under onFailure", async () => {
      const hook = await p.script("crash.mjs", '#!/usr/bin/env node\nthrow new Error("boom");\n');
      const messages: string[] = [];
      const open: HooksConfig = {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: hook }] }],
      };
      const [ran] = await run(open, [{ name: "Shell", input: { command: "echo ran" } }], {
        onMessage: (m) => messages.push(m.text),
      });
      expect(ran?.textContent()).toMatch(/^ran\n/);
      expect(messages[0]).toMatch(
        /^the PreToolUse hook `.*crash\.mjs` errored: exited with code 1: .*Error: boom/s,
      );
      const closed: HooksConfig = {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: hook, onFailure: "block" }] }],
      };
      const [blocked] = await run(closed, [{ name: "Shell", input: { command: "echo ran" } }]);
      expect(blocked?.isError).toBe(true);
      expect(blocked?.textContent()).toMatch(/errored: exited with code 1: .*\(onFailure: "block"\)/s);
    });
  });

  describe("when no hook matches", () => {
    it("runs no process and passes the call through", async () => {
      const marker = join(p.dir, "ran");
      const hook = await p.script("mark.sh", `#!/usr/bin/env bash\ntouch "${marker}"\n`);
      const [out] = await run(bash(hook, "Edit"), [{ name: "Shell", input: { command: "echo x" } }]);
      expect(out?.textContent()).toMatch(/^x\n/);
      await expect(readFile(marker)).rejects.toThrow();
    });
  });
});
