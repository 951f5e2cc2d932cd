import { describe, expect, expectTypeOf, it } from "vitest";
import {
  type AiSdkApprovalCheck,
  type AiSdkApprovalPolicy,
  AiSdkToolError,
  type ApprovalCheck,
  type ApprovalPolicy,
  ToolkitToolError,
} from "../index.js";

describe("the names @toolkit/ai-sdk renamed in 0.2", () => {
  describe("when a user still imports the old ones", () => {
    it("ToolkitToolError is AiSdkToolError, name included", () => {
      expect(ToolkitToolError).toBe(AiSdkToolError);
      const error = new ToolkitToolError({ parts: [{ type: "text", text: "x" }], isError: true });
      expect(error).toBeInstanceOf(AiSdkToolError);
      expect(error.name).toBe("ToolkitToolError");
    });

    it("ApprovalCheck and ApprovalPolicy are the AI SDK's types", () => {
      expectTypeOf<ApprovalCheck>().toEqualTypeOf<AiSdkApprovalCheck>();
      expectTypeOf<ApprovalPolicy>().toEqualTypeOf<AiSdkApprovalPolicy>();
    });
  });
});
