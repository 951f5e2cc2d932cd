import type { Dialect, RecordedRequest } from "./script.js";

type Result = RecordedRequest["toolResults"][number];

/** The advertised names and the latest tool results of a request body, per dialect. */
export function readRequest(
  dialect: Dialect,
  json: unknown,
): Pick<RecordedRequest, "toolNames" | "toolResults"> {
  const body = asObject(json);
  const tools = Array.isArray(body.tools) ? body.tools.map(asObject) : [];
  const toolNames =
    dialect === "gemini-generate-content"
      ? tools.flatMap((t) => list(t.functionDeclarations).map((d) => String(asObject(d).name)))
      : tools.map((t) => String((dialect === "openai-chat" ? asObject(t.function) : t).name));
  return { toolNames, toolResults: results(dialect, body) };
}

function results(dialect: Dialect, body: Record<string, unknown>): Result[] {
  if (dialect === "openai-chat") {
    const messages = list(body.messages).map(asObject);
    const out: Result[] = [];
    for (let i = messages.length - 1; i >= 0; i--) {
      const m = messages[i] as Record<string, unknown>;
      if (m.role === "assistant") break;
      if (m.role === "tool")
        out.unshift({ callId: String(m.tool_call_id), text: textOf(m.content), isError: false });
    }
    return out;
  }
  if (dialect === "openai-responses") {
    const items = list(body.input).map(asObject);
    const out: Result[] = [];
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i] as Record<string, unknown>;
      if (item.type !== "function_call_output") break;
      out.unshift({ callId: String(item.call_id), text: textOf(item.output), isError: false });
    }
    return out;
  }
  if (dialect === "gemini-generate-content") {
    const contents = list(body.contents).map(asObject);
    const latest = contents[contents.length - 1];
    if (latest?.role !== "user") return [];
    return list(latest.parts)
      .map((p) => asObject(asObject(p).functionResponse))
      .filter((r) => typeof r.name === "string")
      .map((r) => {
        const response = asObject(r.response);
        const isError = "error" in response;
        return {
          callId: String(r.id ?? r.name),
          text: textOf(isError ? response.error : response.output),
          isError,
        };
      });
  }
  const messages = list(body.messages).map(asObject);
  const last = messages[messages.length - 1];
  if (last?.role !== "user") return [];
  return list(last.content)
    .map(asObject)
    .filter((b) => b.type === "tool_result")
    .map((b) => ({ callId: String(b.tool_use_id), text: textOf(b.content), isError: b.is_error === true }));
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  return list(content)
    .map(asObject)
    .filter((p) => typeof p.text === "string")
    .map((p) => String(p.text))
    .join("\n");
}

function asObject(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
