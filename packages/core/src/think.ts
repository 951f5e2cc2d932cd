import type { ToolContext } from "./context.js";
import type { JsonSchema } from "./json.js";
import { ToolOutput } from "./output.js";
import type { Tool, ToolSchema } from "./tool.js";
import { validateInput } from "./validate.js";

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
export class Think implements Tool {
  readonly name = "Think";
  readonly description = DESCRIPTION;
  readonly #schema: ToolSchema = Object.freeze({
    tool: "Think",
    description: DESCRIPTION,
    input_schema: INPUT_SCHEMA,
  });

  schema(): ToolSchema {
    return this.#schema;
  }
  async call(input: unknown, _ctx: ToolContext): Promise<ToolOutput> {
    validateInput<{ thought: string }>(INPUT_SCHEMA, input);
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
