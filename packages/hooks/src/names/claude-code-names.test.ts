import { join } from "node:path";
import { FnTool } from "@toolkit/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { claudeCodeName, fromClaudeCode, toClaudeCode } from "./claude-code-names.js";

const cwd = "/work/project";
const segment = fc.stringMatching(/^[a-z0-9._-]{1,8}$/);
const path = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join("/"));

describe("toClaudeCode", () => {
  it("shows Shell as Bash with timeout in ms and run_in_background, keeping cwd", () => {
    expect(
      toClaudeCode("Shell", undefined, { command: "ls", timeout_s: 1.5, background: true, cwd: "sub" }, cwd),
    ).toEqual({ name: "Bash", input: { command: "ls", timeout: 1500, run_in_background: true, cwd: "sub" } });
  });

  it("makes file paths absolute and gives Grep's flags their short names", () => {
    expect(toClaudeCode("Read", undefined, { file_path: "src/a.ts" }, cwd).input).toEqual({
      file_path: join(cwd, "src/a.ts"),
    });
    expect(
      toClaudeCode("Grep", undefined, { pattern: "x", case_insensitive: true, context: 2, path: "." }, cwd)
        .input,
    ).toEqual({ pattern: "x", "-i": true, "-C": 2, path: cwd });
  });

  it("names an MCP import mcp__<server>__<tool>, and leaves other tools alone", () => {
    const tool = Object.assign(new FnTool("gh.search", "d", { type: "object" }, () => ""), {
      serverName: "github",
      remoteName: "search",
    });
    expect(claudeCodeName("gh.search", tool)).toBe("mcp__github__search");
    expect(toClaudeCode("Think", undefined, { thought: "t" }, cwd)).toEqual({
      name: "Think",
      input: { thought: "t" },
    });
  });
});

describe("fromClaudeCode", () => {
  it("is the inverse of toClaudeCode for Shell, Grep and the file tools", () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            command: fc.string(),
            timeout_s: fc.integer({ min: 1, max: 600_000 }).map((ms) => ms / 1000),
            background: fc.boolean(),
            cwd: path,
            description: fc.string(),
          },
          { requiredKeys: ["command"] },
        ),
        fc.record(
          {
            pattern: fc.string(),
            path,
            case_insensitive: fc.boolean(),
            line_numbers: fc.boolean(),
            after: fc.nat(9),
            before: fc.nat(9),
            context: fc.nat(9),
            fixed_strings: fc.boolean(),
          },
          { requiredKeys: ["pattern"] },
        ),
        fc.record({
          file_path: fc.oneof(
            path,
            path.map((p) => `/elsewhere/${p}`),
          ),
          content: fc.string(),
        }),
        (shell, grep, write) => {
          for (const [name, input] of [
            ["Shell", shell],
            ["Grep", grep],
            ["Write", write],
          ] as const) {
            const shown = toClaudeCode(name, undefined, input, cwd);
            expect(fromClaudeCode(name, undefined, shown.input, input, cwd)).toEqual(input);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("gives a new absolute path inside the cwd back relative, and one outside absolute", () => {
    const original = { file_path: "a.ts", content: "" };
    expect(
      fromClaudeCode("Write", undefined, { file_path: join(cwd, "b/c.ts"), content: "" }, original, cwd),
    ).toEqual({
      file_path: "b/c.ts",
      content: "",
    });
    expect(
      fromClaudeCode("Write", undefined, { file_path: "/etc/passwd", content: "" }, original, cwd),
    ).toEqual({
      file_path: "/etc/passwd",
      content: "",
    });
  });

  it("hands a timeout that is not a number on under Shell's name, for validation to refuse", () => {
    expect(fromClaudeCode("Shell", undefined, { command: "x", timeout: "soon" }, {}, cwd)).toEqual({
      command: "x",
      timeout_s: "soon",
    });
  });
});
