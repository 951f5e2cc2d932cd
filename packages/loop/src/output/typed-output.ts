import type { JsonSchema } from "@toolkit/core";
import { z } from "zod";
import type { ModelReply, OutputFormat } from "../model/model-client.js";

/** The name a typed final answer goes by on the wire (OpenAI's format name, Anthropic's final tool). */
export const FINAL_ANSWER = "final_answer";

/** A typed final answer's schema, ready for the wire and for checking replies. */
export interface TypedOutput {
  readonly format: OutputFormat;
  /** The validated value, or the issues as one line for the model. */
  check(value: unknown): { ok: true; value: unknown } | { ok: false; issues: string };
}

/** Resolves `run(task, { output })`: a zod schema, shown to the provider as JSON Schema. */
export function typedOutput(schema: unknown): TypedOutput {
  if (!(schema instanceof z.ZodType)) {
    throw new TypeError(
      "BareLoop.run: `output` must be a zod schema (zod 4), e.g. z.object({ answer: z.string() })",
    );
  }
  const { $schema: _, ...json } = z.toJSONSchema(schema, { target: "draft-7" }) as JsonSchema;
  return {
    format: {
      name: FINAL_ANSWER,
      description: "The final answer, as JSON matching this schema.",
      schema: json,
    },
    check(value) {
      if (value === NOT_JSON) return { ok: false, issues: "the reply is not JSON" };
      const parsed = schema.safeParse(value);
      if (parsed.success) return { ok: true, value: parsed.data };
      const issues = parsed.error.issues
        .map((i) => `${i.path.length ? `\`${i.path.map(String).join(".")}\`` : "the answer"}: ${i.message}`)
        .join("; ");
      return { ok: false, issues };
    },
  };
}

/** The final answer in a reply, if it holds one: a call of the final tool, or a reply without calls (its JSON text). */
export function finalAnswer(
  reply: ModelReply,
  text: string,
): { found: false } | { found: true; value: unknown; callId: string | undefined; text: string } {
  const call = reply.toolCalls.find((c) => c.name === FINAL_ANSWER);
  if (call) return { found: true, value: call.input, callId: call.id, text: JSON.stringify(call.input) };
  if (reply.toolCalls.length > 0) return { found: false };
  try {
    return { found: true, value: JSON.parse(text), callId: undefined, text };
  } catch {
    return { found: true, value: NOT_JSON, callId: undefined, text };
  }
}

/** A reply text that is not JSON: fails every schema. */
const NOT_JSON = Symbol("not JSON");

/** The note sent after a final answer that did not match the schema. */
export function repairNote(issues: string): string {
  return `Your final answer does not match the required schema (${issues}). Send the final answer again, as JSON that matches the schema exactly.`;
}
