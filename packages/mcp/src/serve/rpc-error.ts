/**
 * A JSON-RPC error a request handler throws. Not the SDK's `McpError`: its
 * message already starts with `MCP error <code>: `, the SDK sends that message
 * as is, and the client's `McpError` adds the prefix again
 * (`MCP error -32602: MCP error -32602: Tool not found: ...`).
 */
export class RpcError extends Error {
  override readonly name = "RpcError";
  /** The JSON-RPC error code the SDK sends. */
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}
