import { registryWith, runOne } from "@toolkit/test-kit";
import { homedir } from "node:os";
import { posix } from "node:path";
import { createToolContext, FnTool } from "@toolkit/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type PermissionAskRequest, type PermissionsOptions, permissions } from "./index.js";

const ran: string[] = [];
const tool = (name: string, properties: Record<string, { type: string }>) =>
  new FnTool<Record<string, unknown>>(name, `${name} tool.`, { type: "object", properties }, (input) => {
    ran.push(`${name} ${JSON.stringify(input)}`);
    return "ran";
  });
const Shell = tool("Shell", { command: { type: "string" } });
const Read = tool("Read", { file_path: { type: "string" } });
const Edit = tool("Edit", { file_path: { type: "string" } });
const Move = tool("Move", { file_path: { type: "string" }, path: { type: "string" } });
const WebSearch = tool("WebSearch", { query: { type: "string" } });
const Glob = tool("Glob", { pattern: { type: "string" }, path: { type: "string" } });
const McpIssues = tool("mcp__github__issues", { repo: { type: "string" } });
const registry = registryWith(Shell, Read, Edit, Move, WebSearch, Glob, McpIssues);
const ctx = createToolContext({ cwd: "/repo", isNonInteractive: true });
const ADVICE = "Do not retry this call; choose an allowed action or ask the user for permission.";

const sh = (command: string) => ({ name: "Shell", input: { command } });
const decide = (options: PermissionsOptions, call: { name: string; input: unknown }) =>
  permissions(options).evaluate({ ...call, tool: registry.get(call.name), ctx });

/** A stand-in for `analyzeCommand` from @toolkit/shell: read-only unless it writes, removes or substitutes. */
const analyzeCommand = (command: string) => ({ readOnly: !/rm |>|\$\(|`|npm /.test(command) });

describe("permissions", () => {
  describe("when rules of several kinds match", () => {
    it("lets deny beat ask beat allow, whatever the order", () => {
      const rules = { allow: ["Read"], ask: ["Read(secrets/**)"], deny: ["Read(**/*.env)"] };
      const options = { rules, ask: () => true };
      expect(decide(options, { name: "Read", input: { file_path: "secrets/.env" } })).toEqual({
        decision: "deny",
        rule: "Read(**/*.env)",
        reason: 'Read on "secrets/.env" matches the deny rule `Read(**/*.env)`',
      });
      expect(decide(options, { name: "Read", input: { file_path: "secrets/key" } }).decision).toBe("ask");
      expect(decide(options, { name: "Read", input: { file_path: "src/a.ts" } })).toMatchObject({
        decision: "allow",
        rule: "Read",
      });
    });

    it("falls back to the mode when nothing matches", () => {
      expect(decide({ rules: {} }, sh("ls")).decision).toBe("allow");
      expect(decide({ rules: {}, mode: "deny" }, sh("ls"))).toEqual({
        decision: "deny",
        rule: undefined,
        reason: 'no rule matches Shell command "ls" (mode "deny")',
      });
    });
  });

  describe("when a deny rule matches a real call", () => {
    it("refuses with a soft Permission error naming the rule, and the tool never runs", async () => {
      ran.length = 0;
      const layer = permissions({ rules: { deny: ["Read(**/*.env)"] } });
      const r = await runOne(
        registry,
        [layer],
        { name: "Read", input: { file_path: "config/.env" } },
        { ctx },
      );
      expect(r.output.isError).toBe(true);
      expect(r.output.textContent()).toBe(
        `Permission denied: Read on "config/.env" matches the deny rule \`Read(**/*.env)\`.\n${ADVICE}`,
      );
      expect(ran).toEqual([]);
    });
  });

  describe("when a call needs asking", () => {
    it("asks the host with the rule and runs the call on yes", async () => {
      ran.length = 0;
      const asked: PermissionAskRequest[] = [];
      const layer = permissions({
        rules: { ask: ["Edit(src/**)"] },
        ask: (request) => {
          asked.push(request);
          return true;
        },
      });
      const r = await runOne(registry, [layer], { name: "Edit", input: { file_path: "src/a.ts" } }, { ctx });
      expect(r.output.textContent()).toBe("ran");
      expect(asked.map((a) => [a.call.name, a.rule, a.reason])).toEqual([
        ["Edit", "Edit(src/**)", 'Edit on "src/a.ts" matches the ask rule `Edit(src/**)`'],
      ]);
    });

    it("refuses on no, naming the rule or the mode", async () => {
      ran.length = 0;
      const layer = permissions({ rules: { ask: ["WebSearch"] }, mode: "ask", ask: async () => false });
      const r = await runOne(registry, [layer], { name: "WebSearch", input: { query: "x" } }, { ctx });
      expect(r.output.textContent()).toBe(
        `Permission denied: the user refused: WebSearch call matches the ask rule \`WebSearch\`.\n${ADVICE}`,
      );
      const r2 = await runOne(registry, [layer], sh("ls"), { ctx });
      expect(r2.output.textContent()).toBe(
        `Permission denied: the user refused: no rule matches Shell command "ls" (mode "ask").\n${ADVICE}`,
      );
      expect(ran).toEqual([]);
    });
  });

  describe("when the call is rejected", () => {
    it("passes it through unevaluated", async () => {
      const layer = permissions({ rules: {}, mode: "deny" });
      const r = await runOne(registry, [layer], { name: "Nope", input: {} }, { ctx });
      expect(r.output.textContent()).toMatch(/^Tool not found: Nope\./);
    });
  });

  describe("when matching shell commands", () => {
    const allowGitStatus = {
      rules: { allow: ["Shell(git status*)", "Shell(npm run test:*)"] },
      mode: "deny",
    } as const;

    it.each([
      ["git status", "allow"],
      ["  git   status   -s ", "allow"],
      ["git statusx", "allow"],
      ["git log", "deny"],
      ["npm run test", "allow"],
      ["npm run test -- --watch", "allow"],
      ["npm run testing", "deny"],
      ["git status; rm -rf /", "deny"],
      ["git status && git status", "deny"],
      ["git status | cat", "deny"],
      ["git status > out.txt", "deny"],
      ["git status $(rm -rf ~)", "deny"],
      ['git status "$(rm -rf ~)"', "deny"],
      ["git status `rm -rf ~`", "deny"],
      ["git status &", "deny"],
      ["git status 'unbalanced", "deny"],
    ])("without analyzeCommand, %j is %s", (command, decision) => {
      expect(decide(allowGitStatus, sh(command)).decision).toBe(decision);
    });

    it.each([
      ["git status && git status -s", "allow"],
      ["git status | git status", "allow"],
      ["git status && ls", "deny"],
      ["git status $(rm -rf ~)", "deny"],
      ["git status > out.txt", "deny"],
      ["npm run test && npm run test", "deny"],
    ])("with analyzeCommand, %j is %s", (command, decision) => {
      expect(decide({ ...allowGitStatus, analyzeCommand }, sh(command)).decision).toBe(decision);
    });

    it("allows a compound command whose simple commands match different allow rules, naming them", () => {
      const rules = {
        rules: { allow: ["Shell(git status*)", "Shell(ls:*)"] },
        mode: "deny",
        analyzeCommand,
      } as const;
      expect(decide(rules, sh("git status; ls -la | ls"))).toEqual({
        decision: "allow",
        rule: "Shell(git status*), Shell(ls:*)",
        reason:
          'Shell command "git status; ls -la | ls" matches the allow rule `Shell(git status*), Shell(ls:*)`',
      });
      expect(decide(rules, sh("git status; cat x")).decision).toBe("deny");
    });

    it("explains why a compound command fell through to the mode", () => {
      expect(decide(allowGitStatus, sh("git status && git status")).reason).toBe(
        'no rule matches Shell command "git status && git status" (mode "deny"); a compound shell command is allowed only when every simple command matches an allow rule and the shell analysis finds the command read-only',
      );
    });

    it.each([
      "rm -rf build",
      "ls && rm -rf build",
      "ls; rm -rf build",
      "ls | rm -rf build",
      "echo $(rm -rf build)",
      "echo `rm -rf build`",
      "FOO=1 rm -rf build",
      "(rm -rf build)",
      "ls\nrm -rf build",
    ])("a deny rule catches %j in any part", (command) => {
      expect(decide({ rules: { allow: ["Shell"], deny: ["Shell(rm *)"] } }, sh(command))).toMatchObject({
        decision: "deny",
        rule: "Shell(rm *)",
      });
    });

    it("denies a compound command when any simple command hits a deny rule (property)", () => {
      const word = fc.stringMatching(/^[a-z][a-z0-9./-]{0,8}$/).filter((w) => w !== "rm");
      const simple = fc.array(word, { minLength: 1, maxLength: 4 }).map((ws) => ws.join(" "));
      const op = fc.constantFrom(" ; ", " && ", " || ", " | ", "\n", " & ");
      fc.assert(
        fc.property(fc.array(fc.tuple(simple, op), { minLength: 1, maxLength: 5 }), fc.nat(), (parts, at) => {
          const pieces = parts.map(([s]) => s);
          pieces.splice(at % (pieces.length + 1), 0, "rm -rf x");
          const command = pieces.map((p, i) => p + (parts[i]?.[1] ?? "")).join("");
          const verdict = decide({ rules: { allow: ["Shell"], deny: ["Shell(rm *)"] } }, sh(command));
          expect(verdict.decision).toBe("deny");
        }),
      );
    });

    it("allows a compound command only with the analysis, and only when every simple command matches (property)", () => {
      const word = fc.stringMatching(/^[a-z][a-z0-9.-]{0,6}$/);
      const simple = fc
        .tuple(fc.boolean(), fc.array(word, { maxLength: 3 }))
        .map(([git, ws]) => [git ? "git" : "hg", ...ws].join(" "));
      const op = fc.constantFrom(" ; ", " && ", " | ");
      fc.assert(
        fc.property(fc.array(simple, { minLength: 2, maxLength: 5 }), op, (pieces, glue) => {
          const command = pieces.join(glue);
          const every = pieces.every((p) => p === "git" || p.startsWith("git "));
          const rules = { rules: { allow: ["Shell(git:*)"] }, mode: "deny" } as const;
          expect(decide(rules, sh(command)).decision).toBe("deny");
          expect(decide({ ...rules, analyzeCommand }, sh(command)).decision).toBe(every ? "allow" : "deny");
        }),
      );
    });
  });

  describe("when matching paths", () => {
    it.each([
      ["Edit(src/**)", "src/a.ts", true],
      ["Edit(src/**)", "/repo/src/deep/b.ts", true],
      ["Edit(src/**)", "./src/a.ts", true],
      ["Edit(src/**)", "src/../.env", false],
      ["Edit(src/**)", "/elsewhere/src/a.ts", false],
      ["Edit(src/**)", "../repo2/src/a.ts", false],
      ["Edit(**/*.env)", ".env", true],
      ["Edit(**/*.env)", "/home/u/.env", true],
      ["Edit(**/*.env)", "../other/prod.env", true],
      ["Edit(/etc/**)", "/etc/passwd", true],
      ["Edit(/etc/**)", "etc/passwd", false],
      ["Edit(~/.ssh/**)", `${homedir()}/.ssh/id_rsa`, true],
      ["Edit(*.md)", "README.md", true],
      ["Edit(*.md)", "docs/a.md", false],
    ])("%s %s the path %j", (rule, file_path, matches) => {
      const verdict = decide({ rules: { deny: [rule] } }, { name: "Edit", input: { file_path } });
      expect(verdict.decision).toBe(matches ? "deny" : "allow");
    });

    it("allows only when every path matches, denies when any does", () => {
      const input = { file_path: "src/a.ts", path: "/tmp/b.ts" };
      expect(
        decide({ rules: { allow: ["Move(src/**)"] }, mode: "deny" }, { name: "Move", input }).decision,
      ).toBe("deny");
      expect(decide({ rules: { deny: ["Move(/tmp/**)"] } }, { name: "Move", input }).decision).toBe("deny");
    });

    it("treats a declared but absent path as the working directory", () => {
      const rules = { rules: { allow: ["Glob(**)"] }, mode: "deny" } as const;
      expect(decide(rules, { name: "Glob", input: { pattern: "*.ts" } }).decision).toBe("allow");
    });

    it("matches an allow rule exactly for paths inside the working directory (property)", () => {
      const segment = fc.constantFrom("src", "lib", "..", ".", "a.ts", ".env", "src2");
      fc.assert(
        fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
          const file_path = segments.join("/");
          const rel = posix.relative("/repo", posix.resolve("/repo", file_path));
          const inside = rel === "src" || rel.startsWith("src/");
          const verdict = decide(
            { rules: { allow: ["Edit(src/**)"] }, mode: "deny" },
            { name: "Edit", input: { file_path } },
          );
          expect(verdict.decision).toBe(inside ? "allow" : "deny");
        }),
      );
    });
  });

  describe("when matching other tools", () => {
    it("matches a pattern against top-level string values, and tool names with wildcards", () => {
      const rules = { rules: { deny: ["WebSearch(*password*)", "mcp__github__*"] } };
      expect(decide(rules, { name: "WebSearch", input: { query: "admin password reset" } }).decision).toBe(
        "deny",
      );
      expect(decide(rules, { name: "WebSearch", input: { query: "weather" } }).decision).toBe("allow");
      expect(decide(rules, { name: "mcp__github__issues", input: { repo: "a/b" } }).rule).toBe(
        "mcp__github__*",
      );
    });

    it("evaluates a call without a tool or a context from its input fields", () => {
      const layer = permissions({ rules: { deny: ["Shell(rm *)", "Read(/etc/**)"] } });
      expect(layer.evaluate({ name: "Shell", input: { command: "rm -rf x" } }).decision).toBe("deny");
      expect(layer.evaluate({ name: "Read", input: { file_path: "/etc/hosts" } }).decision).toBe("deny");
    });
  });

  describe("when options are wrong", () => {
    it.each([
      [
        { rules: { deny: ["Shell(git"] } },
        'permissions: `rules.deny[0]` must be a rule such as "Read" or "Shell(git status*)", got "Shell(git"',
      ],
      [
        { rules: { allow: ["Read", 3] } },
        'permissions: `rules.allow[1]` must be a rule such as "Read" or "Shell(git status*)", got 3',
      ],
      [{ rules: { allow: "Read" } }, 'permissions: `rules.allow` must be an array of rules, got "Read"'],
      [
        { rules: { permit: [] } },
        'permissions: `rules.permit` must be one of allow, ask, deny (unknown key), got "permit"',
      ],
      [{ rules: [] }, "permissions: `rules` must be an object { allow?, ask?, deny? }, got an array"],
      [{ rules: {}, mode: "yolo" }, 'permissions: `mode` must be "allow", "ask" or "deny", got "yolo"'],
      [
        { rules: { ask: ["Shell"] } },
        "permissions: `ask` is required when ask rules exist; pass a callback that asks the user",
      ],
      [
        { rules: {}, mode: "ask" },
        'permissions: `ask` is required when mode is "ask"; pass a callback that asks the user',
      ],
      [
        { rules: {}, analyzeCommand: true },
        "permissions: `analyzeCommand` must be a function (analyzeCommand from @toolkit/shell), got true",
      ],
    ])("throws a TypeError naming the option (%#)", (options, message) => {
      expect(() => permissions(options as never)).toThrow(new TypeError(message));
    });
  });
});
