// Shared fixtures for this package's own tests (not exported).
import { FnTool, type ToolContext } from "@toolkit/core";
import { afterEach } from "vitest";
import { ToolRegistry } from "@toolkit/registry";
import { anthropicMessages } from "../providers/anthropic-messages.js";
import { geminiGenerateContent } from "../providers/gemini-generate-content.js";
import { openaiChat } from "../providers/openai-chat.js";
import { openaiResponses } from "../providers/openai-responses.js";
import type { ModelClient } from "../model/model-client.js";
import type { ModelOptions } from "../providers/model-options.js";
import { manualClock } from "../runtime/clock.js";
import { ScriptedModelServer } from "../test/scripted-model-server.js";
import type { Dialect, ScriptStep } from "../test/script.js";
import { LoopError } from "./loop-error.js";
import { BareLoop } from "./bare-loop.js";
import type { BareLoopOptions } from "./loop-options.js";

/** Options a test adds to a client. */
export type ExtraClientOptions = ModelOptions & { includeReasoning?: boolean };

/** Every dialect with a client factory pointed at a scripted server. */
export const DIALECTS: readonly {
  dialect: Dialect;
  client: (server: ScriptedModelServer, extra?: ExtraClientOptions) => ModelClient;
}[] = [
  {
    dialect: "openai-chat",
    client: (s, extra = {}) =>
      openaiChat({ baseUrl: s.openaiBaseUrl, model: "scripted", clock: manualClock(), ...extra }),
  },
  {
    dialect: "openai-responses",
    client: (s, extra = {}) =>
      openaiResponses({ baseUrl: s.openaiBaseUrl, model: "scripted", clock: manualClock(), ...extra }),
  },
  {
    dialect: "anthropic-messages",
    client: (s, extra = {}) =>
      anthropicMessages({
        baseUrl: s.anthropicBaseUrl,
        apiKey: "test-key",
        model: "scripted",
        clock: manualClock(),
        ...extra,
      }),
  },
  {
    dialect: "gemini-generate-content",
    client: (s, extra = {}) =>
      geminiGenerateContent({
        baseUrl: s.geminiBaseUrl,
        apiKey: "test-key",
        model: "scripted",
        clock: manualClock(),
        ...extra,
      }),
  },
];

/** Every dialect, streaming and not. */
export const MODES = DIALECTS.flatMap((d) =>
  [false, true].map((stream) => ({
    dialect: d.dialect,
    stream,
    client: (s: ScriptedModelServer, extra: ExtraClientOptions = {}) => d.client(s, { ...extra, stream }),
  })),
);

/** A tool echoing `{ v }` as `name:v`. */
export function echo(name: string, { safe = false }: { safe?: boolean } = {}) {
  return new FnTool<{ v: string }>(
    name,
    `Echoes v (${name}).`,
    { type: "object", properties: { v: { type: "string" } }, required: ["v"] },
    (input) => `${name}:${input.v}`,
  ).concurrencySafe(safe);
}

/** A tool whose body the test writes. */
export function tool(
  name: string,
  body: (input: { v: string }, ctx: ToolContext) => unknown,
  { safe = false }: { safe?: boolean } = {},
) {
  return new FnTool<{ v: string }>(
    name,
    `Runs ${name}.`,
    { type: "object", properties: { v: { type: "string" } }, required: ["v"] },
    body,
  ).concurrencySafe(safe);
}

/** A registry holding the given tools, silent on re-registration. */
export function registryOf(...tools: FnTool<{ v: string }>[]): ToolRegistry {
  const registry = new ToolRegistry({ logger: { warn: () => {} } });
  for (const t of tools) registry.register(t);
  return registry;
}

/** Starts a scripted server and a loop on it. */
export type SetupLoop = (
  client: (server: ScriptedModelServer) => ModelClient,
  script: ScriptStep[],
  options: Omit<BareLoopOptions, "model">,
  server?: { apiKey?: string },
) => Promise<{ server: ScriptedModelServer; loop: BareLoop }>;

/**
 * For one test file: starts scripted servers and loops on demand, and after
 * each test disposes every loop and closes every server it started.
 */
export function useLoopHarness(): SetupLoop {
  const servers: ScriptedModelServer[] = [];
  const loops: BareLoop[] = [];
  afterEach(async () => {
    await Promise.all(loops.splice(0).map((l) => l.dispose()));
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  return async (client, script, options, { apiKey } = {}) => {
    const server = await ScriptedModelServer.start({ script, ...(apiKey ? { apiKey } : {}) });
    servers.push(server);
    const loop = new BareLoop({ model: client(server), isNonInteractive: true, ...options });
    loops.push(loop);
    return { server, loop };
  };
}

/** The LoopError a run rejects with; throws if it resolves or fails otherwise. */
export async function rejection(promise: Promise<unknown>): Promise<LoopError> {
  try {
    await promise;
  } catch (error) {
    if (LoopError.is(error)) return error;
    throw error;
  }
  throw new Error("expected the run to fail");
}
