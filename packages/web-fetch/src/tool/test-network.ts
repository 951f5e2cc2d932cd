import { connect as netConnect } from "node:net";
import { ToolError, type ToolErrorKind, type ToolOutput } from "@toolkit/core";
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

/** The first words of each kind's message, as ToolError's factories write them. */
const KIND_PREFIXES: ReadonlyArray<readonly [ToolErrorKind, string]> = [
  ["Permission", ToolError.permission("").message],
  ["Execution", ToolError.execution("").message],
  ["InvalidInput", ToolError.invalidInput("").message],
  ["Timeout", "Timeout after "],
  ["Cancelled", ToolError.cancelled().message],
  ["Io", ToolError.io("").message],
  ["Json", ToolError.json("").message],
];

/**
 * The soft failure a call answers, as `Kind: text` (the kind read back from
 * the message's first words). Fails when the call succeeds or rejects: a
 * tool on ToolBase answers what the model can fix, it does not throw it.
 */
export async function softError(promise: Promise<ToolOutput>): Promise<string> {
  const output = await promise;
  if (!output.isError) throw new Error(`expected a soft failure, got ${output.textContent()}`);
  const text = output.textContent();
  const kind = KIND_PREFIXES.find(([, prefix]) => text.startsWith(prefix))?.[0];
  if (kind === undefined) throw new Error(`expected a ToolError's text, got ${text}`);
  return `${kind}: ${text}`;
}
