import { describe, expect, it } from "vitest";
import { ToolError, ToolErrorKind, adviceFor } from "./error.js";
import { secondCopy } from "../test/second-copy.test-support.js";

describe("ToolError", () => {
  describe("when built by its static constructors", () => {
    it.each([
      [ToolError.invalidInput("`a` must be string"), "InvalidInput", "Invalid input: `a` must be string"],
      [ToolError.execution("exit 2"), "Execution", "Execution error: exit 2"],
      [
        ToolError.permission("outside the workspace"),
        "Permission",
        "Permission denied: outside the workspace",
      ],
      [ToolError.fileNotFound("src/a.ts"), "FileNotFound", "File not found: src/a.ts"],
      [ToolError.timeout(30), "Timeout", "Timeout after 30s"],
      [ToolError.cancelled(), "Cancelled", "Cancelled"],
      [ToolError.io("EACCES"), "Io", "IO error: EACCES"],
      [ToolError.json("Unexpected token"), "Json", "JSON error: Unexpected token"],
      [ToolError.notFound("Foo", ["A", "B"]), "NotFound", "Tool not found: Foo. Available: A, B"],
    ])("%# has its kind and message", (error, kind, message) => {
      expect(error).toBeInstanceOf(Error);
      expect(error.kind).toBe(kind);
      expect(error.message).toBe(message);
      expect(error.advice).toBe(adviceFor(error.kind));
      expect(error.advice).toMatch(/^[A-Z].*\.$/);
    });
  });
  describe("when listing available tools", () => {
    it("says none registered for an empty list", () => {
      expect(ToolError.notFound("X", []).message).toBe("Tool not found: X. Available: none registered");
    });
    it("lists exactly ten names in full", () => {
      const ten = Array.from({ length: 10 }, (_, i) => `t${i}`);
      expect(ToolError.notFound("X", ten).message).toBe(`Tool not found: X. Available: ${ten.join(", ")}`);
    });
    it("cuts more than ten names and counts the rest", () => {
      const names = Array.from({ length: 13 }, (_, i) => `t${i}`);
      expect(ToolError.notFound("X", names).message).toBe(
        "Tool not found: X. Available: t0, t1, t2, t3, t4, t5, t6, t7, t8, t9 ... (and 3 more)",
      );
    });
  });
  describe("when advising the model", () => {
    it("has a distinct sentence for each of the nine kinds", () => {
      const kinds = Object.values(ToolErrorKind);
      expect(kinds).toHaveLength(9);
      expect(new Set(kinds.map(adviceFor)).size).toBe(9);
    });
    it("lets a caller override the advice and keep the cause", () => {
      const cause = new Error("ENOSPC");
      const error = ToolError.io("disk full", { advice: "Free some space first.", cause });
      expect(error.advice).toBe("Free some space first.");
      expect(error.cause).toBe(cause);
    });
    it("renders message then advice as a soft-failure output", () => {
      const out = ToolError.timeout(5).toOutput();
      expect(out.isError).toBe(true);
      expect(out.textContent()).toBe(
        "Timeout after 5s\nRetry with a longer timeout, or split the work into smaller steps.",
      );
    });
  });
  describe("when recognising errors", () => {
    it("accepts ToolErrors from another copy by their brand, and refuses plain errors", async () => {
      const other = await secondCopy<typeof import("./error.js")>("../errors/error.js");
      const foreign = other.ToolError.io("disk full");
      expect(foreign instanceof ToolError).toBe(false);
      expect(ToolError.is(ToolError.cancelled())).toBe(true);
      expect(ToolError.is(foreign)).toBe(true);
      expect(other.ToolError.is(ToolError.cancelled())).toBe(true);
      expect(ToolError.is(new Error("x"))).toBe(false);
      expect(ToolError.is("Cancelled")).toBe(false);
    });
    it("refuses hostile values without throwing", () => {
      const revoked = Proxy.revocable({}, {});
      revoked.revoke();
      const trap = new Proxy(new Error("x"), {
        get() {
          throw new Error("trap");
        },
      });
      expect(ToolError.is(revoked.proxy)).toBe(false);
      expect(ToolError.is(trap)).toBe(false);
    });
  });
});
