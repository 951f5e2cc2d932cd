import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";

/** True for an object shaped like an MCP SDK transport (`start`, `send`, `close`). */
export function isTransport(value: unknown): value is Transport {
  if (typeof value !== "object" || value === null) return false;
  return ["start", "send", "close"].every((key) => typeof Reflect.get(value, key) === "function");
}
