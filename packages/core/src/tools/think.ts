import type { JsonSchema } from "../json/json.js";
import { ToolOutput } from "../output/output.js";
import { ToolBase } from "../tool-base/tool-base.js";

const DESCRIPTION = [
  "Think before you act. Use this tool to reason step by step when a decision is not obvious: before an edit you",
  "cannot undo, after a surprising tool result, or when several approaches compete. It changes nothing and",
  "fetches nothing; it only records your thought. Procedure: 1) restate the goal in one sentence; 2) list what",
  "you know and what is still unknown; 3) list the options with their risks; 4) check the chosen plan against the",
  "goal and the constraints (rules, permissions, what the user asked); 5) decide the next concrete step.",
].join(" ");

const INPUT_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    thought: { type: "string", description: "Your reasoning, following the procedure in the description." },
  },
  required: ["thought"],
  additionalProperties: false,
};

/** A scratchpad tool: records a thought and answers `ok`. Read-only and concurrency-safe. */
export class Think extends ToolBase<{ thought: string }> {
  readonly name = "Think";
  readonly description = DESCRIPTION;
  protected readonly inputSchema = INPUT_SCHEMA;

  protected run(): ToolOutput {
    return ToolOutput.text("ok");
  }
  isConcurrencySafe(): boolean {
    return true;
  }
  isReadOnly(): boolean {
    return true;
  }
  isIdempotent(): boolean {
    return true;
  }
}
