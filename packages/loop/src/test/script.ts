import type { JsonValue } from "@toolkit/core";

/** The wire formats the scripted server speaks. */
export type Dialect = "openai-chat" | "openai-responses" | "anthropic-messages";

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

/** One scripted reply. */
export interface ScriptedReply {
  text?: string;
  toolCalls?: readonly ScriptedCall[];
  /** Wait before answering (to test timeouts and cancellation). */
  delayMs?: number;
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
  | ((
      request: RecordedRequest,
    ) => ScriptedReply | ScriptedFailure | Promise<ScriptedReply | ScriptedFailure>);

/** True for a scripted failure. */
export function isFailure(step: ScriptedReply | ScriptedFailure): step is ScriptedFailure {
  return typeof (step as ScriptedFailure).status === "number";
}
