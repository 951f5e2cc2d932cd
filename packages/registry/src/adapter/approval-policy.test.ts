import { echoTool } from "@toolkit/test-kit";
import { descriptorDigest } from "@toolkit/core";
import { describe, expect, it } from "vitest";
import { type ApprovalCheck, checkApprovalPolicy, resolveApproval } from "./approval-policy.js";

const write = echoTool("write");
const read = echoTool("read").readOnly();

describe("checkApprovalPolicy", () => {
  describe("when given a policy", () => {
    it.each([true, false, "writes", () => true])("returns %s as it is", (policy) => {
      expect(checkApprovalPolicy("toHostTools", "needsApproval", policy)).toBe(policy);
    });
  });

  describe("when given anything else", () => {
    it.each([
      ["always", '"always"'],
      [1, "1"],
      [null, "null"],
      [undefined, "undefined"],
    ])("throws a TypeError naming the function and option for %s", (policy, shown) => {
      expect(() => checkApprovalPolicy("toHostTools", "needsApproval", policy)).toThrow(
        new TypeError(
          `toHostTools: \`needsApproval\` must be true, false, "writes" or a function returning a boolean, got ${shown}`,
        ),
      );
    });
  });
});

describe("resolveApproval", () => {
  describe("when the policy is a constant", () => {
    it.each([true, false])("returns %s for every tool", (policy) => {
      expect(resolveApproval(policy, write)).toBe(policy);
      expect(resolveApproval(policy, read)).toBe(policy);
    });
  });

  describe('when the policy is "writes"', () => {
    it("asks for tools that are not read-only", () => {
      expect(resolveApproval("writes", write)).toBe(true);
      expect(resolveApproval("writes", read)).toBe(false);
    });
  });

  describe("when the policy is a function", () => {
    it("asks it per call with the tool, input, call id and digest, and returns its answer as it came", async () => {
      const checks: ApprovalCheck[] = [];
      const answer = Promise.resolve(true);
      const approval = resolveApproval((check) => {
        checks.push(check);
        return answer;
      }, write);
      if (typeof approval === "boolean") throw new Error("expected a per-call function");
      expect(checks).toEqual([]);
      expect(approval({ v: 1 }, "call-1")).toBe(answer);
      expect(approval({ v: 2 }, undefined)).toBe(answer);
      expect(checks).toEqual([
        { tool: write, input: { v: 1 }, callId: "call-1", digest: descriptorDigest(write) },
        { tool: write, input: { v: 2 }, callId: undefined, digest: descriptorDigest(write) },
      ]);
    });
  });
});

describe("resolveApproval with the tool's needsApproval trait", () => {
  const guarded = Object.assign(echoTool("guarded"), {
    needsApproval: (input: unknown) => (input as { action?: string }).action === "restore",
  });

  describe("when the policy would not ask", () => {
    it.each([false, "writes" as const, () => false])(
      "asks for the calls the trait names (%s)",
      async (policy) => {
        const approval = resolveApproval(policy, guarded.readOnly());
        if (typeof approval === "boolean") throw new Error("expected a per-call function");
        expect(await approval({ action: "restore" }, "c1")).toBe(true);
        expect(await approval({ action: "list" }, "c2")).toBe(false);
      },
    );
  });

  describe("when the policy asks for every call", () => {
    it("still asks for every call", () => {
      expect(resolveApproval(true, guarded)).toBe(true);
    });
  });
});
