// The Loom tool-system document's `bash`, checked: name, description, input
// schema (deep equality with the document's fields), the reply's exact shape
// and the error the document shows. The file tools have the same test in
// packages/fs/src/loom/loom-conformance.test.ts.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { toolErrorOf } from "@toolkit/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { skipWithoutBwrap } from "../sandbox/test-helpers.js";
import { type Sandbox, sandbox } from "../tools/test-helpers.js";
import { createLoomTools } from "./create-loom-tools.js";

/** The document's bash fields (`command · string · required`, ...), as a schema. */
const BASH_SCHEMA = {
  type: "object",
  properties: {
    command: { type: "string", description: "Shell command to execute" },
    cwd: {
      type: "string",
      description: "Working directory (relative to workspace, default: workspace root)",
    },
    timeout_secs: { type: "integer", description: "Timeout in seconds (default: 60, max: 300)" },
  },
  required: ["command"],
};

let box: Sandbox;
beforeEach(async () => {
  box = await sandbox();
});
afterEach(() => box.cleanup());

const [bash] = createLoomTools({ sandbox: "off" });

describe("Loom bash", () => {
  describe("when its definition is listed", () => {
    it("has the document's name, description and schema", () => {
      expect(bash.schema()).toStrictEqual({
        tool: "bash",
        description: "Execute shell commands in the workspace.",
        input_schema: BASH_SCHEMA,
      });
    });
  });

  describe("when it answers", () => {
    it("replies exactly {exit_code, stdout, stderr, timed_out, truncated}", async () => {
      const out = await bash.call({ command: "echo 'test output'" }, box.ctx);
      expect(out.textContent()).toBe(
        JSON.stringify({
          exit_code: 0,
          stdout: "test output\n",
          stderr: "",
          timed_out: false,
          truncated: false,
        }),
      );
    });
  });

  describe("when cwd leaves the workspace", () => {
    it("answers the document's example as PathOutsideWorkspace", async () => {
      const out = await bash.call({ command: "pwd", cwd: "../../../etc" }, box.ctx);
      expect(out.textContent()).toMatch(/^Error: Path outside workspace: \//);
      expect(toolErrorOf(out)).toMatchObject({ loomKind: "PathOutsideWorkspace" });
    });
  });
});

describe("Loom bash in the sandbox", () => {
  if (skipWithoutBwrap("Loom bash sandbox notes")) return;
  const [boxed] = createLoomTools({ sandbox: "required" });

  describe("when the sandbox refuses a write", () => {
    it("keeps the five fields and tells what the sandbox did at the end of stderr", async () => {
      await writeFile(join(box.root, "f"), "x");
      const out = await boxed.call({ command: "echo x > /usr/toolkit-loom-note" }, box.ctx);
      const value = out.structuredValue() as Record<string, unknown>;
      expect(Object.keys(value)).toEqual(["exit_code", "stdout", "stderr", "timed_out", "truncated"]);
      const lines = String(value.stderr).trimEnd().split("\n");
      expect(lines.at(-1)).toMatch(/^\[sandbox: only .* are writable/);
      expect(lines.length).toBeGreaterThan(1);
    });
  });
});
