const MAX_REASON_CHARS = 300;

/**
 * The reason an HTTP error body gives, in the formats the providers use:
 * Google's `{"error":{"message"}}`, Serper's `{"message"}`, the proxy's
 * `{"error":"..."}`; otherwise the body's first line, or the status text.
 */
export function providerReason(body: string, statusText: string): string {
  const fromJson = reasonFromJson(body);
  const text = fromJson ?? body.trim().split("\n")[0]?.trim() ?? "";
  const reason = text === "" || looksLikeHtml(text) ? statusText || "no reason given" : text;
  return reason.length > MAX_REASON_CHARS ? `${reason.slice(0, MAX_REASON_CHARS - 3)}...` : reason;
}

function reasonFromJson(body: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const error = record.error;
  if (typeof error === "string" && error.trim()) return error.trim();
  if (typeof error === "object" && error !== null) {
    const message = (error as Record<string, unknown>).message;
    if (typeof message === "string" && message.trim()) return message.trim();
  }
  if (typeof record.message === "string" && record.message.trim()) return record.message.trim();
  return undefined;
}

function looksLikeHtml(text: string): boolean {
  return /^<(!doctype|html|\?xml)/i.test(text);
}
