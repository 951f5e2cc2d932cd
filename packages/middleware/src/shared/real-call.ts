import type { Tool } from "@toolkit/core";
import type { DispatchCall } from "@toolkit/registry";

/** A call that will run: its tool was found, advertised and its input validated. */
export type RealCall = DispatchCall & { readonly tool: Tool; readonly rejection: undefined };

/** True when the call will reach its tool (no `rejection`, a tool fetched). */
export function isRealCall(call: DispatchCall): call is RealCall {
  return call.rejection === undefined && call.tool !== undefined;
}
