import { connect as netConnect } from "node:net";
import { ToolError } from "@toolkit/core";
import type { LookupFunction } from "../guard/lookup.js";
import type { ConnectTarget, Connector } from "../http/connect.js";

/**
 * A pretend internet for tests: names resolve from a table (a function for
 * answers that change between lookups), and every connection, whatever the
 * checked address, goes to the test site on 127.0.0.1. Records lookups and
 * connection targets.
 */
export function testNetwork(
  port: number,
  names: Record<string, string[] | (() => string[])> = {},
): { lookup: LookupFunction; connect: Connector; lookups: string[]; targets: ConnectTarget[] } {
  const lookups: string[] = [];
  const targets: ConnectTarget[] = [];
  const lookup: LookupFunction = async (hostname) => {
    lookups.push(hostname);
    const entry = names[hostname];
    if (entry === undefined)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    const list = typeof entry === "function" ? entry() : entry;
    return list.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  const connect: Connector = (target) => {
    targets.push(target);
    return netConnect({ host: "127.0.0.1", port });
  };
  return { lookup, connect, lookups, targets };
}

/** The model-facing text of the soft error a promise rejects with. */
export async function softError(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!ToolError.is(error)) throw new Error(`expected a ToolError, got ${String(error)}`);
  return `${error.kind}: ${error.modelText()}`;
}
