import type { Dialect, ScriptedReply } from "./script.js";

/** One event to write: `event:` (when set) and `data:` (JSON, or a string as is). */
export interface StreamEvent {
  event?: string;
  data: unknown;
}

type Obj = Record<string, unknown>;

/** Text in pieces of `size` characters (at least one piece, possibly empty). */
export function pieces(text: string, size = 8): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length > 0 ? out : [""];
}

/**
 * The server-sent events a provider would stream for a complete reply body:
 * the same reply, cut into the dialect's deltas (text and arguments in small
 * pieces), ending with the dialect's closing event.
 */
export function encodeStream(dialect: Dialect, body: Obj, reply: ScriptedReply = {}): StreamEvent[] {
  switch (dialect) {
    case "openai-chat":
      return chatEvents(body);
    case "openai-responses":
      return responsesEvents(body);
    case "anthropic-messages":
      return anthropicEvents(body, reply);
    case "gemini-generate-content":
      return geminiEvents(body);
  }
}

function chatEvents(body: Obj): StreamEvent[] {
  const choice = (body.choices as Obj[])[0] as Obj;
  const message = choice.message as Obj;
  const head = { id: body.id, object: "chat.completion.chunk", created: body.created, model: body.model };
  const chunk = (delta: Obj, finish: string | null = null): StreamEvent => ({
    data: { ...head, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] },
  });
  const out: StreamEvent[] = [chunk({ role: "assistant", content: "" })];
  if (typeof message.reasoning_content === "string") {
    for (const p of pieces(message.reasoning_content)) out.push(chunk({ reasoning_content: p }));
  }
  if (typeof message.content === "string" && message.content !== "") {
    for (const p of pieces(message.content)) out.push(chunk({ content: p }));
  }
  if (typeof message.refusal === "string") {
    for (const p of pieces(message.refusal)) out.push(chunk({ refusal: p }));
  }
  for (const [index, call] of ((message.tool_calls as Obj[] | undefined) ?? []).entries()) {
    const fn = call.function as Obj;
    out.push(
      chunk({
        tool_calls: [{ index, id: call.id, type: "function", function: { name: fn.name, arguments: "" } }],
      }),
    );
    for (const p of pieces(String(fn.arguments))) {
      out.push(chunk({ tool_calls: [{ index, function: { arguments: p } }] }));
    }
  }
  out.push(chunk({}, String(choice.finish_reason)));
  out.push({ data: { ...head, choices: [], usage: body.usage } });
  out.push({ data: "[DONE]" });
  return out;
}

function responsesEvents(body: Obj): StreamEvent[] {
  const out: StreamEvent[] = [];
  let sequence = 0;
  const emit = (type: string, fields: Obj) =>
    out.push({ event: type, data: { type, sequence_number: sequence++, ...fields } });
  emit("response.created", { response: { ...body, status: "in_progress", output: [], usage: null } });
  for (const [output_index, item] of (body.output as Obj[]).entries()) {
    const item_id = item.id;
    if (item.type === "message") {
      emit("response.output_item.added", {
        output_index,
        item: { ...item, status: "in_progress", content: [] },
      });
      for (const [content_index, part] of (item.content as Obj[]).entries()) {
        const isText = part.type === "output_text";
        const full = String(isText ? part.text : part.refusal);
        for (const delta of pieces(full)) {
          emit(isText ? "response.output_text.delta" : "response.refusal.delta", {
            item_id,
            output_index,
            content_index,
            delta,
            ...(isText ? { logprobs: [] } : {}),
          });
        }
      }
    } else if (item.type === "function_call") {
      emit("response.output_item.added", {
        output_index,
        item: { ...item, status: "in_progress", arguments: "" },
      });
      for (const delta of pieces(String(item.arguments))) {
        emit("response.function_call_arguments.delta", { item_id, output_index, delta });
      }
    } else if (item.type === "reasoning") {
      emit("response.output_item.added", { output_index, item: { ...item, summary: [] } });
      for (const [summary_index, part] of ((item.summary as Obj[] | undefined) ?? []).entries()) {
        for (const delta of pieces(String(part.text))) {
          emit("response.reasoning_summary_text.delta", { item_id, output_index, summary_index, delta });
        }
      }
    }
    emit("response.output_item.done", { output_index, item });
  }
  emit(body.status === "incomplete" ? "response.incomplete" : "response.completed", { response: body });
  return out;
}

function anthropicEvents(body: Obj, reply: ScriptedReply): StreamEvent[] {
  // A cut call streams its partial JSON as it was scripted.
  const raw = (reply.toolCalls ?? []).map((c) =>
    c.raw && typeof c.input === "string" ? c.input : undefined,
  );
  let call = 0;
  const out: StreamEvent[] = [];
  const emit = (type: string, fields: Obj) => out.push({ event: type, data: { type, ...fields } });
  const usage = body.usage as Obj;
  emit("message_start", {
    message: {
      ...body,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { ...usage, output_tokens: 1 },
    },
  });
  for (const [index, block] of (body.content as Obj[]).entries()) {
    if (block.type === "text") {
      emit("content_block_start", { index, content_block: { type: "text", text: "" } });
      for (const text of pieces(String(block.text)))
        emit("content_block_delta", { index, delta: { type: "text_delta", text } });
    } else if (block.type === "thinking") {
      emit("content_block_start", {
        index,
        content_block: { type: "thinking", thinking: "", signature: "" },
      });
      for (const thinking of pieces(String(block.thinking))) {
        emit("content_block_delta", { index, delta: { type: "thinking_delta", thinking } });
      }
      emit("content_block_delta", { index, delta: { type: "signature_delta", signature: block.signature } });
    } else if (block.type === "tool_use") {
      emit("content_block_start", { index, content_block: { ...block, input: {} } });
      const json = raw[call++] ?? JSON.stringify(block.input);
      for (const partial_json of pieces(json)) {
        emit("content_block_delta", { index, delta: { type: "input_json_delta", partial_json } });
      }
    } else {
      emit("content_block_start", { index, content_block: block });
    }
    emit("content_block_stop", { index });
  }
  emit("message_delta", {
    delta: { stop_reason: body.stop_reason, stop_sequence: null },
    usage: { output_tokens: usage.output_tokens },
  });
  emit("message_stop", {});
  return out;
}

function geminiEvents(body: Obj): StreamEvent[] {
  const candidate = (body.candidates as Obj[])[0] as Obj;
  const parts = ((candidate.content as Obj).parts as Obj[]) ?? [];
  const head = { modelVersion: body.modelVersion, responseId: body.responseId };
  const out: StreamEvent[] = [];
  const chunk = (part: Obj) =>
    out.push({ data: { candidates: [{ content: { role: "model", parts: [part] }, index: 0 }], ...head } });
  for (const part of parts) {
    if (typeof part.text === "string" && part.functionCall === undefined) {
      for (const text of pieces(part.text)) chunk({ ...part, text });
    } else chunk(part);
  }
  out.push({
    data: {
      candidates: [
        { content: { role: "model", parts: [{ text: "" }] }, finishReason: candidate.finishReason, index: 0 },
      ],
      usageMetadata: body.usageMetadata,
      ...head,
    },
  });
  return out;
}
