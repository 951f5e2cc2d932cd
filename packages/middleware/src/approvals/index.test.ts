import { registryWith, runOne } from "@toolkit/test-kit";
import { FnTool } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { MemoryApprovalStore } from "./approval-store.js";
import { type ApprovalAnswer, type ApprovalRequest, approvals, grantKey } from "./index.js";

function shell(description = "Runs a command.") {
  const ran: string[] = [];
  const tool = new FnTool<{ command: string }>(
    "Shell",
    description,
    { type: "object", properties: { command: { type: "string" } }, required: ["command"] },
    (i) => {
      ran.push(i.command);
      return `ran ${i.command}`;
    },
  );
  return { tool, ran };
}

/** A host that answers from a script and records what it was asked. */
function host(...answers: ApprovalAnswer[]) {
  const asked: ApprovalRequest[] = [];
  const ask = (request: ApprovalRequest) => {
    asked.push(request);
    const answer = answers.shift();
    if (!answer) throw new Error("asked more often than the test expected");
    return answer;
  };
  return { ask, asked };
}

const call = (command: string) => ({ name: "Shell", input: { command } });

describe("approvals", () => {
  describe("when the user approves the tool", () => {
    it("asks on first use only, pinned to the descriptor digest", async () => {
      const { tool, ran } = shell();
      const { ask, asked } = host("tool");
      const store = new MemoryApprovalStore();
      const layer = [approvals({ ask, store })];
      await runOne(registryWith(tool), layer, call("ls"));
      const r = await runOne(registryWith(tool), layer, call("pwd"));
      expect(r.output.textContent()).toBe("ran pwd");
      expect(ran).toEqual(["ls", "pwd"]);
      expect(asked).toHaveLength(1);
      expect(asked[0]).toMatchObject({ input: '{"command":"ls"}', descriptorChanged: false });
      expect(asked[0]?.digest).toMatch(/^[0-9a-f]{16}$/);
      expect(await store.list()).toEqual([
        { tool: "Shell", digest: asked[0]?.digest, scope: "tool", grantedAt: expect.any(String) },
      ]);
    });

    it("asks again when the description changes, saying so", async () => {
      const store = new MemoryApprovalStore();
      const { ask, asked } = host("tool", "deny");
      const layer = [approvals({ ask, store })];
      await runOne(registryWith(shell().tool), layer, call("ls"));
      const changed = shell("Runs a command. Now with sudo.");
      const r = await runOne(registryWith(changed.tool), layer, call("ls"));
      expect(asked.map((a) => a.descriptorChanged)).toEqual([false, true]);
      expect(r.output.isError).toBe(true);
      expect(changed.ran).toEqual([]);
    });
  });

  describe("when the user approves one input", () => {
    it("skips the question for that exact input only (key order aside)", async () => {
      const tool = new FnTool("Fetch", "Fetches.", { type: "object" }, () => "ok");
      const { ask, asked } = host("call", "once", "once");
      const layer = [approvals({ ask, store: new MemoryApprovalStore() })];
      const reg = registryWith(tool);
      await runOne(reg, layer, { name: "Fetch", input: { url: "a", n: 1 } });
      await runOne(reg, layer, { name: "Fetch", input: { n: 1, url: "a" } });
      await runOne(reg, layer, { name: "Fetch", input: { url: "b" } });
      await runOne(reg, layer, { name: "Fetch", input: { url: "b" } });
      expect(asked.map((a) => a.input)).toEqual(['{"n":1,"url":"a"}', '{"url":"b"}', '{"url":"b"}']);
    });
  });

  describe("when the user denies", () => {
    it("answers a soft Permission error and does not run the tool", async () => {
      const { tool, ran } = shell();
      const layer = [approvals({ ask: host("deny").ask, store: new MemoryApprovalStore() })];
      const r = await runOne(registryWith(tool), layer, call("rm -rf build"));
      expect(r.output.isError).toBe(true);
      expect(r.output.textContent()).toBe(
        "Permission denied: the user did not approve this call to 'Shell'.\nDo not retry this call; choose an allowed action or ask the user for permission.",
      );
      expect(ran).toEqual([]);
    });
  });

  describe("when the host answers something else", () => {
    it("refuses the call with an error naming ask", async () => {
      const { tool, ran } = shell();
      const layer = [approvals({ ask: () => "yes" as ApprovalAnswer, store: new MemoryApprovalStore() })];
      const r = await runOne(registryWith(tool), layer, call("ls"));
      expect(r.output.textContent()).toBe(
        `Tool 'Shell' threw: approvals: \`ask\` must answer "once", "call", "tool", "deny" or "interrupt", got "yes"`,
      );
      expect(ran).toEqual([]);
    });
  });

  describe("when a call will not run or is exempt", () => {
    it("passes it through without asking", async () => {
      const { tool } = shell();
      const { ask, asked } = host();
      const layer = [approvals({ ask, store: new MemoryApprovalStore() })];
      const r = await runOne(registryWith(tool), layer, { name: "Shell", input: {} });
      expect(r.output.textContent()).toMatch(/^Invalid input: missing required field `command`/);
      await runOne(registryWith(tool), layer, { name: "Nope", input: {} });
      expect(asked).toEqual([]);
    });

    it("does not ask for exempt calls", async () => {
      const { tool, ran } = shell();
      const layer = [approvals({ ask: host().ask, store: new MemoryApprovalStore(), exempt: () => true })];
      await runOne(registryWith(tool), layer, call("ls"));
      expect(ran).toEqual(["ls"]);
    });
  });

  describe("when the tool says a call needs approval", () => {
    it("asks even where `exempt` would pass the call, and passes the calls the trait does not name", async () => {
      const { tool, ran } = shell();
      const guarded = Object.assign(tool, {
        needsApproval: (input: unknown) => (input as { command: string }).command.startsWith("rm"),
      });
      const { ask, asked } = host("deny");
      const layer = [approvals({ ask, store: new MemoryApprovalStore(), exempt: () => true })];
      await runOne(registryWith(guarded), layer, call("ls"));
      const r = await runOne(registryWith(guarded), layer, call("rm -rf build"));
      expect(asked.map((a) => a.input)).toEqual(['{"command":"rm -rf build"}']);
      expect(r.output.isError).toBe(true);
      expect(ran).toEqual(["ls"]);
    });
  });

  describe("when options are wrong", () => {
    it.each([
      [{ store: new MemoryApprovalStore() }, "approvals: `ask` must be a function, got undefined"],
      [
        { ask: (): ApprovalAnswer => "once" },
        "approvals: `store` must be an ApprovalStore (get, set, delete, list), got undefined",
      ],
      [
        { ask: (): ApprovalAnswer => "once", store: new MemoryApprovalStore(), exempt: "Read" },
        'approvals: `exempt` must be a function, got "Read"',
      ],
    ])("throws a TypeError naming the option (%#)", (options, message) => {
      expect(() => approvals(options as never)).toThrow(new TypeError(message));
    });
  });
});

describe("grantKey", () => {
  describe("when keys are made", () => {
    it("separates tool and call grants and hashes the input", () => {
      expect(grantKey("Shell", "0123456789abcdef", undefined)).toBe("tool:Shell@0123456789abcdef");
      expect(grantKey("Shell", "0123456789abcdef", '{"command":"ls"}')).toMatch(
        /^call:Shell@0123456789abcdef:[0-9a-f]{32}$/,
      );
    });
  });
});
