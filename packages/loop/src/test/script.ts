import type { JsonValue } from "@toolkit/core";

/** The wire formats the scripted server speaks. */
export type Dialect = "openai-chat" | "openai-responses" | "anthropic-messages" | "gemini-generate-content";

/** A tool call the scripted model makes. */
export interface ScriptedCall {
  /** @default a sequential id (`call_1`, `toolu_1`, ...) */
  id?: string;
  name: string;
  /** The arguments; a string is sent as raw argument text (to script malformed JSON). */
  input: JsonValue;
  /** Send `input` (a string) as the raw argument text instead of JSON. */
  raw?: boolean;
}

/** A reasoning item of a scripted reply (a Responses reasoning item, an Anthropic thinking block, ...). */
export interface ScriptedReasoning {
  /** The readable reasoning (a summary, the thinking). @default "" */
  text?: string;
  /** Anthropic: a `redacted_thinking` block instead of `thinking`. */
  redacted?: boolean;
}

/** One scripted reply. */
export interface ScriptedReply {
  text?: string;
  toolCalls?: readonly ScriptedCall[];
  /** Reasoning before the text and calls. */
  reasoning?: readonly ScriptedReasoning[];
  /** A refusal: sent the way each dialect sends one (Chat `refusal`, a Responses refusal part, Anthropic `stop_reason: "refusal"`). */
  refusal?: string;
  /** `length` cuts the reply at the output limit (`finish_reason: "length"`, `status: "incomplete"`, `max_tokens`). @default from the calls */
  finishReason?: "stop" | "length" | "content-filter";
  /** Cache and reasoning counts added to the usage. */
  usage?: { cachedInputTokens?: number; cacheWriteTokens?: number; reasoningTokens?: number };
  /** Streaming only: close the connection after this many events (a stream that ends early). */
  cutStreamAfter?: number;
  /** Streaming only: wait this long between events. @default 0 */
  eventDelayMs?: number;
  /** Wait before answering (to test timeouts and cancellation). */
  delayMs?: number;
}

/** A reply given as the provider's own body (or stream events), played verbatim: for SDK-typed fixtures. */
export interface ScriptedRaw {
  /** The JSON body of a non-streamed reply. */
  body?: unknown;
  /** The events of a streamed reply: `{ event?, data }`, `data` JSON (or a string sent as is). */
  events?: readonly { event?: string; data: unknown }[];
}

/** A scripted HTTP failure (e.g. `{ status: 429, headers: { "retry-after": "0" } }`). */
export interface ScriptedFailure {
  status: number;
  message?: string;
  headers?: Record<string, string>;
}

/** What a step sees of the request it answers, decoded from whichever dialect. */
export interface RecordedRequest {
  readonly dialect: Dialect;
  readonly path: string;
  /** Lower-cased header names. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body, byte for byte. */
  readonly body: string;
  /** True when the request asked for a stream. */
  readonly stream: boolean;
  readonly json: unknown;
  /** 1-based position among the requests this server answered. */
  readonly index: number;
  /** The advertised tool names, in order. */
  readonly toolNames: readonly string[];
  /** The results of the previous reply's calls (an empty list on the first turn). */
  readonly toolResults: readonly { callId: string; text: string; isError: boolean }[];
}

/** A step: a reply, a failure, or a function of the request (the model "reading" the results). */
export type ScriptStep =
  | ScriptedReply
  | ScriptedFailure
  | ScriptedRawStep
  | ((request: RecordedRequest) => ScriptOutcome | Promise<ScriptOutcome>);

/** A raw reply step. */
export interface ScriptedRawStep {
  raw: ScriptedRaw;
}

/** What a step answers with. */
export type ScriptOutcome = ScriptedReply | ScriptedFailure | ScriptedRawStep;

/** True for a scripted failure. */
export function isFailure(step: ScriptOutcome): step is ScriptedFailure {
  return typeof (step as ScriptedFailure).status === "number";
}

/** True for a raw reply. */
export function isRaw(step: ScriptOutcome): step is ScriptedRawStep {
  return typeof (step as ScriptedRawStep).raw === "object" && (step as ScriptedRawStep).raw !== null;
}
