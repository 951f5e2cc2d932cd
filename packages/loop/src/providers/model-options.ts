import type { JsonValue } from "@toolkit/core";

/** Which tool the model must (or must not) call: any, at least one, none, or the named one. */
export type ToolChoice = "auto" | "required" | "none" | { readonly name: string };

/** How hard an OpenAI reasoning model thinks. */
export type ReasoningEffort = "minimal" | "low" | "medium" | "high";

/**
 * Sampling and request options every client takes; all optional, all sent
 * in a fixed place in the body so the bytes stay deterministic. A field a
 * wire format has no use for is not sent.
 */
export interface ModelOptions {
  /** Sampling temperature. Anthropic with `thinking` on does not take one: it is left out. */
  temperature?: number;
  /** The most output tokens per reply (`max_completion_tokens`, `max_output_tokens`, `max_tokens`, `maxOutputTokens`). */
  maxOutputTokens?: number;
  /** @default the provider's own default ("auto" when tools are sent) */
  toolChoice?: ToolChoice;
  /** False asks for at most one tool call per reply. */
  parallelToolCalls?: boolean;
  /** OpenAI reasoning models: `reasoning_effort` (Chat) or `reasoning.effort` (Responses). */
  reasoning?: { effort: ReasoningEffort };
  /** Anthropic extended thinking (at least 1024) and Gemini's `thinkingBudget`: tokens the model may think with. */
  thinking?: { budgetTokens: number };
  /** Fields the package does not model, merged last into the body (a key given here wins). */
  extraBody?: Record<string, JsonValue>;
  /** Ask for a server-sent-event stream; the reply is assembled as it arrives. @default false */
  stream?: boolean;
}

/** The reasoning efforts OpenAI accepts. */
const EFFORTS: readonly string[] = ["minimal", "low", "medium", "high"];

/** Checks the model options once; throws a TypeError naming the bad field and what arrived. */
export function checkModelOptions(owner: string, o: ModelOptions): void {
  const bad = (field: string, expected: string, got: unknown) =>
    new TypeError(`${owner}: \`${field}\` must be ${expected}, got ${JSON.stringify(got) ?? String(got)}`);
  if (o.temperature !== undefined && (typeof o.temperature !== "number" || !(o.temperature >= 0))) {
    throw bad("temperature", "a number >= 0", o.temperature);
  }
  if (o.maxOutputTokens !== undefined && (!Number.isInteger(o.maxOutputTokens) || o.maxOutputTokens < 1)) {
    throw bad("maxOutputTokens", "a positive integer", o.maxOutputTokens);
  }
  const choice = o.toolChoice;
  if (
    choice !== undefined &&
    choice !== "auto" &&
    choice !== "required" &&
    choice !== "none" &&
    !(choice !== null && typeof choice === "object" && typeof choice.name === "string" && choice.name !== "")
  ) {
    throw bad("toolChoice", '"auto", "required", "none" or { name }', choice);
  }
  if (o.parallelToolCalls !== undefined && typeof o.parallelToolCalls !== "boolean") {
    throw bad("parallelToolCalls", "a boolean", o.parallelToolCalls);
  }
  if (o.reasoning !== undefined && !EFFORTS.includes(o.reasoning?.effort as string)) {
    throw bad("reasoning.effort", `one of ${EFFORTS.join(", ")}`, o.reasoning?.effort);
  }
  if (
    o.thinking !== undefined &&
    (!Number.isInteger(o.thinking?.budgetTokens) || (o.thinking?.budgetTokens as number) < 0)
  ) {
    throw bad("thinking.budgetTokens", "an integer >= 0", o.thinking?.budgetTokens);
  }
  if (
    o.extraBody !== undefined &&
    (o.extraBody === null || typeof o.extraBody !== "object" || Array.isArray(o.extraBody))
  ) {
    throw bad("extraBody", "an object of body fields", o.extraBody);
  }
  if (o.stream !== undefined && typeof o.stream !== "boolean") throw bad("stream", "a boolean", o.stream);
}

/** Copies `extra`'s fields over `body` (a key already in the body keeps its place). */
export function mergeExtraBody(
  body: { [k: string]: JsonValue },
  extra: Record<string, JsonValue> | undefined,
): { [k: string]: JsonValue } {
  if (extra) for (const [k, v] of Object.entries(extra)) body[k] = v;
  return body;
}
