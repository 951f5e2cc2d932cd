// Shared fixtures for this package's own tests (not exported).
import { FnTool, type ToolContext } from "@toolkit/core";
import { ToolRegistry } from "@toolkit/registry";
import { anthropicMessages } from "../providers/anthropic-messages.js";
import { openaiChat } from "../providers/openai-chat.js";
import { openaiResponses } from "../providers/openai-responses.js";
import type { ModelClient } from "../model-client.js";
import { manualClock } from "../clock.js";
import type { ScriptedModelServer } from "../test/scripted-model-server.js";
import type { Dialect } from "../test/script.js";

/** Every dialect with a client factory pointed at a scripted server. */
export const DIALECTS: readonly { dialect: Dialect; client: (server: ScriptedModelServer) => ModelClient }[] =
  [
    {
      dialect: "openai-chat",
      client: (s) => openaiChat({ baseUrl: s.openaiBaseUrl, model: "scripted", clock: manualClock() }),
    },
    {
      dialect: "openai-responses",
      client: (s) => openaiResponses({ baseUrl: s.openaiBaseUrl, model: "scripted", clock: manualClock() }),
    },
    {
      dialect: "anthropic-messages",
      client: (s) =>
        anthropicMessages({
          baseUrl: s.anthropicBaseUrl,
          apiKey: "test-key",
          model: "scripted",
          clock: manualClock(),
        }),
    },
  ];

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
