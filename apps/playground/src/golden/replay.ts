import {
  anthropicMessages,
  BareLoop,
  type ModelClient,
  manualClock,
  openaiChat,
  openaiResponses,
  sequentialIds,
} from "@toolkit/loop";
import { ScriptedModelServer } from "@toolkit/loop/test";
import type { Scenario } from "./scenarios.js";

/** The clients the goldens cover, each pointed at a scripted server with fixed ids and clock. */
export const CLIENTS: readonly { name: string; make: (server: ScriptedModelServer) => ModelClient }[] = [
  {
    name: "openai-chat",
    make: (s) => openaiChat({ baseUrl: s.openaiBaseUrl, model: "golden-model", ids: sequentialIds(), clock: manualClock() }),
  },
  {
    name: "openai-responses",
    make: (s) =>
      openaiResponses({ baseUrl: s.openaiBaseUrl, model: "golden-model", ids: sequentialIds(), clock: manualClock() }),
  },
  {
    name: "anthropic-messages",
    make: (s) =>
      anthropicMessages({
        baseUrl: s.anthropicBaseUrl,
        apiKey: "golden-key",
        model: "golden-model",
        maxTokens: 1024,
        ids: sequentialIds(),
        clock: manualClock(),
      }),
  },
];

/**
 * Runs a scenario through a real BareLoop against a scripted server and
 * returns every request body it sent, one per line (the golden format).
 */
export async function replay(
  scenario: Scenario,
  client: (typeof CLIENTS)[number],
  registryOptions: Parameters<Scenario["registry"]>[0] = {},
): Promise<string> {
  const server = await ScriptedModelServer.start({ script: [...scenario.script], ids: sequentialIds() });
  const bodies: string[] = [];
  const loop = new BareLoop({
    ...scenario.options,
    model: client.make(server),
    registry: scenario.registry(registryOptions),
    sessionId: "golden-session",
    isNonInteractive: true,
    clock: manualClock(),
    observers: [{ onRequest: (e) => bodies.push(e.body) }],
  }).withManagedTempDisabled();
  try {
    await loop.run(scenario.task);
  } finally {
    await loop.dispose();
    await server.close();
  }
  const received = server.requests.map((r) => r.body);
  if (received.join("\n") !== bodies.join("\n")) throw new Error("the server received other bytes than were encoded");
  return `${bodies.join("\n")}\n`;
}
