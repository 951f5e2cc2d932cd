import type { JsonValue } from "@toolkit/core";
import type { IdGen } from "../runtime/id-gen.js";
import type { ContentPart, Message, ReasoningPart, ToolCallPart } from "../model/messages.js";
import type { FinishReason, ModelClient, ModelReply, ModelRequest } from "../model/model-client.js";
import { type CommonClientOptions, createModelClient } from "./create-model-client.js";
import { geminiStream } from "./gemini-generate-content-stream.js";
import { PartialArgs } from "./gemini-partial-args.js";
import { geminiSchema } from "./gemini-schema.js";
import { field, list, object, text, tokens } from "./read-json.js";
import { resultText } from "./result-text.js";
import { toolParameters } from "./tool-parameters.js";
import type { EncodeSettings, WireCodec } from "./wire-codec.js";

/** Options for `geminiGenerateContent`. */
export interface GeminiGenerateContentOptions extends CommonClientOptions {
  /** The API key, sent as `x-goog-api-key`. */
  apiKey: string;
  /** The API root without `/v1beta`. @default "https://generativelanguage.googleapis.com" */
  baseUrl?: string;
}

/**
 * A client for the Gemini API (`models/{model}:generateContent`, or
 * `:streamGenerateContent?alt=sse` when streaming).
 *
 * @example
 * const model = geminiGenerateContent({ apiKey: process.env.GEMINI_API_KEY, model: "gemini-2.5-flash" });
 */
export function geminiGenerateContent(options: GeminiGenerateContentOptions): ModelClient {
  const { baseUrl = "https://generativelanguage.googleapis.com", ...rest } = options;
  if (typeof options.apiKey !== "string") {
    throw new TypeError("geminiGenerateContent: `apiKey` must be a string");
  }
  return createModelClient({
    ...rest,
    baseUrl,
    codec: geminiGenerateContentCodec,
    owner: "geminiGenerateContent",
  });
}

type Obj = { [k: string]: JsonValue };

/** The Gemini `generateContent` wire format. */
export const geminiGenerateContentCodec: WireCodec = {
  provider: "gemini-generate-content",
  path: "/v1beta/models",
  pathFor: ({ model, stream }) =>
    `/v1beta/models/${encodeURIComponent(model)}:${stream ? "streamGenerateContent?alt=sse" : "generateContent"}`,
  headers: (apiKey) => ({
    "content-type": "application/json",
    ...(apiKey ? { "x-goog-api-key": apiKey } : {}),
  }),
  encode(request: ModelRequest, { maxTokens, settings = {} }) {
    const body: Obj = { contents: mergeRoles(request.messages.map(geminiContent)) };
    if (request.system) body.systemInstruction = { parts: [{ text: request.system }] };
    const hasTools = request.tools.length > 0;
    if (hasTools) {
      const strict = request.constraint === "strict";
      body.tools = [
        {
          functionDeclarations: request.tools.map((t) => ({
            name: t.tool,
            description: t.description,
            parameters: geminiSchema(toolParameters({ schema: t.input_schema, strict })),
          })),
        },
      ];
      if (settings.toolChoice !== undefined)
        body.toolConfig = { functionCallingConfig: callingConfig(settings) };
    }
    const generation = generationConfig(maxTokens, settings);
    if (request.output) {
      body.generationConfig = {
        ...generation,
        responseMimeType: "application/json",
        responseSchema: geminiSchema(request.output.schema),
      };
      return body;
    }
    if (generation) body.generationConfig = generation;
    return body;
  },
  decode(body: unknown, ids: IdGen): ModelReply {
    const candidates = field(body, "candidates");
    const candidate = Array.isArray(candidates) ? candidates[0] : undefined;
    const texts: string[] = [];
    const toolCalls: ToolCallPart[] = [];
    const reasoning: ReasoningPart[] = [];
    const parts =
      candidate === undefined ? [] : list(field(field(candidate, "content"), "parts") ?? [], "parts");
    // A call streamed in pieces (`partialArgs`, `willContinue`) is open until its last piece.
    let open: { index: number; args: PartialArgs } | undefined;
    for (const [i, raw] of parts.entries()) {
      const part = object(raw, `parts[${i}]`);
      const call = field(part, "functionCall");
      if (call !== undefined) {
        const where = `parts[${i}].functionCall`;
        const fn = object(call, where);
        if (typeof fn.name !== "string" && open !== undefined) {
          open.args.apply(fn.partialArgs, where);
          const opened: ToolCallPart = toolCalls[open.index] as ToolCallPart;
          toolCalls[open.index] = { ...opened, input: open.args.args };
          if (fn.willContinue !== true) open = undefined;
          continue;
        }
        const made = functionCall(fn, part, ids);
        if (fn.partialArgs !== undefined || fn.willContinue === true) {
          const args = new PartialArgs(made.input);
          args.apply(fn.partialArgs, where);
          toolCalls.push({ ...made, input: args.args });
          open = fn.willContinue === true ? { index: toolCalls.length - 1, args } : undefined;
        } else {
          toolCalls.push(made);
          open = undefined;
        }
      } else if (part.thought === true) {
        reasoning.push({
          type: "reasoning",
          text: text(part.text),
          provider: "gemini-generate-content",
          callsBefore: toolCalls.length,
        });
      } else if (typeof part.text === "string") {
        texts.push(part.text);
      }
    }
    const blocked = text(field(field(body, "promptFeedback"), "blockReason"));
    const stopReason = text(field(candidate, "finishReason")) || blocked;
    // A reply cut at MAX_TOKENS cut its last call too, and a call whose last piece never came is
    // unfinished: neither may run as if complete.
    const lastCall = toolCalls[toolCalls.length - 1];
    const unfinished = open !== undefined && open.index === toolCalls.length - 1;
    if (
      lastCall &&
      (unfinished ||
        (stopReason === "MAX_TOKENS" && field(parts[parts.length - 1], "functionCall") !== undefined))
    ) {
      toolCalls[toolCalls.length - 1] = {
        ...lastCall,
        invalidArguments: lastCall.invalidArguments ?? JSON.stringify(lastCall.input),
      };
    }
    const usage = field(body, "usageMetadata");
    const thoughts = tokens(usage, "thoughtsTokenCount");
    return {
      text: texts.join(""),
      toolCalls,
      ...(reasoning.length > 0 ? { reasoning } : {}),
      finishReason:
        blocked && candidate === undefined
          ? "content-filter"
          : geminiFinish(stopReason, toolCalls.length > 0),
      stopReason,
      usage: {
        inputTokens: tokens(usage, "promptTokenCount"),
        outputTokens: tokens(usage, "candidatesTokenCount") + thoughts,
        cachedInputTokens: tokens(usage, "cachedContentTokenCount"),
        cacheWriteTokens: 0,
        reasoningTokens: thoughts,
      },
    };
  },
  stream: (ids) => geminiStream(ids),
};

/** A call from a `functionCall` part; arguments that arrived as text (a cut call) stay raw. */
function functionCall(
  call: Record<string, unknown>,
  part: Record<string, unknown>,
  ids: IdGen,
): ToolCallPart {
  if (typeof call.name !== "string") throw new TypeError("a functionCall has no name");
  const id = typeof call.id === "string" && call.id !== "" ? call.id : ids.next("call_");
  const signature = typeof part.thoughtSignature === "string" ? { signature: part.thoughtSignature } : {};
  if (typeof call.args === "string")
    return { id, name: call.name, input: {}, invalidArguments: call.args, ...signature };
  return { id, name: call.name, input: (call.args ?? {}) as JsonValue, ...signature };
}

/** A Gemini `finishReason` as a FinishReason. */
function geminiFinish(reason: string, hasCalls: boolean): FinishReason {
  switch (reason) {
    case "STOP":
    case "":
      return hasCalls ? "tool-calls" : "stop";
    case "MAX_TOKENS":
      return "length";
    case "SAFETY":
    case "RECITATION":
    case "BLOCKLIST":
    case "PROHIBITED_CONTENT":
    case "SPII":
    case "IMAGE_SAFETY":
      return "content-filter";
    default:
      return "other";
  }
}

function callingConfig(settings: EncodeSettings): JsonValue {
  const choice = settings.toolChoice;
  if (choice === "auto" || choice === undefined) return { mode: "AUTO" };
  if (choice === "none") return { mode: "NONE" };
  if (choice === "required") return { mode: "ANY" };
  return { mode: "ANY", allowedFunctionNames: [choice.name] };
}

function generationConfig(maxTokens: number | undefined, settings: EncodeSettings): Obj | undefined {
  const out: Obj = {};
  if (settings.temperature !== undefined) out.temperature = settings.temperature;
  if (maxTokens !== undefined) out.maxOutputTokens = maxTokens;
  if (settings.thinking)
    out.thinkingConfig = { thinkingBudget: settings.thinking.budgetTokens, includeThoughts: true };
  return Object.keys(out).length > 0 ? out : undefined;
}

interface Turn {
  role: "user" | "model";
  parts: JsonValue[];
}

function geminiContent(message: Message): Turn {
  switch (message.role) {
    case "user":
      return { role: "user", parts: parts(message.parts) };
    case "assistant": {
      const out: JsonValue[] = message.text === "" ? [] : [{ text: message.text }];
      for (const c of message.toolCalls) {
        const part: Obj = { functionCall: { id: c.id, name: c.name, args: c.input } };
        // The signature goes back on the very part it came with.
        if (c.signature !== undefined) part.thoughtSignature = c.signature;
        out.push(part);
      }
      return { role: "model", parts: out };
    }
    case "tool": {
      const out: JsonValue[] = message.results.map((r) => ({
        functionResponse: {
          id: r.callId,
          name: r.name,
          response: r.isError ? { error: resultText(r.parts) } : { output: resultText(r.parts) },
        },
      }));
      for (const r of message.results) {
        for (const p of r.parts)
          if (p.type === "image") out.push({ inlineData: { mimeType: p.mediaType, data: p.data } });
      }
      return { role: "user", parts: out };
    }
  }
}

/** Text parts (empty ones dropped) and inline images. */
function parts(list: readonly ContentPart[]): JsonValue[] {
  const out: JsonValue[] = [];
  for (const p of list) {
    if (p.type === "text") {
      if (p.text !== "") out.push({ text: p.text });
    } else out.push({ inlineData: { mimeType: p.mediaType, data: p.data } });
  }
  return out;
}

/** Consecutive turns of one role become one; a turn left with no parts is dropped. */
function mergeRoles(turns: Turn[]): JsonValue[] {
  const out: Turn[] = [];
  for (const turn of turns) {
    if (turn.parts.length === 0) continue;
    const last = out[out.length - 1];
    if (last && last.role === turn.role) last.parts = [...last.parts, ...turn.parts];
    else out.push({ role: turn.role, parts: [...turn.parts] });
  }
  return out.map((t) => ({ role: t.role, parts: t.parts }));
}
