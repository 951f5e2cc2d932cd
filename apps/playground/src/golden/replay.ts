import {
  anthropicMessages,
  BareLoop,
  geminiGenerateContent,
  type ModelClient,
  type ModelOptions,
  manualClock,
  openaiChat,
  openaiResponses,
  sequentialIds,
} from "@toolkit/loop";
import { ScriptedModelServer } from "@toolkit/loop/test";
import type { Scenario } from "./scenarios.js";

/** Options a golden variant adds to a client (each client takes the ones its format has). */
export type VariantOptions = ModelOptions & {
  promptCacheKey?: string;
  includeReasoning?: boolean;
  cache?: "auto" | "off";
};

/** A client the goldens cover. */
export interface GoldenClient {
  readonly name: string;
  make(server: ScriptedModelServer, extra?: VariantOptions): ModelClient;
}

const fixed = () => ({ model: "golden-model", ids: sequentialIds(), clock: manualClock() });

/** The clients the goldens cover, each pointed at a scripted server with fixed ids and clock. */
export const CLIENTS: readonly GoldenClient[] = [
  {
    name: "openai-chat",
    make: (s, { cache: _cache, includeReasoning: _include, ...extra } = {}) =>
      openaiChat({ baseUrl: s.openaiBaseUrl, ...fixed(), ...extra }),
  },
  {
    name: "openai-responses",
    make: (s, { cache: _cache, ...extra } = {}) => openaiResponses({ baseUrl: s.openaiBaseUrl, ...fixed(), ...extra }),
  },
  {
    name: "anthropic-messages",
    make: (s, { promptCacheKey: _key, includeReasoning: _include, ...extra } = {}) =>
      anthropicMessages({ baseUrl: s.anthropicBaseUrl, apiKey: "golden-key", maxTokens: 1024, ...fixed(), ...extra }),
  },
  {
    name: "gemini-generate-content",
    make: (s, { promptCacheKey: _key, includeReasoning: _include, cache: _cache, ...extra } = {}) =>
      geminiGenerateContent({ baseUrl: s.geminiBaseUrl, apiKey: "golden-key", ...fixed(), ...extra }),
  },
];

/**
 * Runs a scenario through a real BareLoop against a scripted server and
 * returns every request body it sent, one per line (the golden format).
 */
export async function replay(
  scenario: Scenario,
  client: GoldenClient,
  registryOptions: Parameters<Scenario["registry"]>[0] = {},
  extra: VariantOptions = {},
): Promise<string> {
  const server = await ScriptedModelServer.start({ script: [...scenario.script], ids: sequentialIds() });
  const bodies: string[] = [];
  const loop = new BareLoop({
    ...scenario.options,
    model: client.make(server, extra),
    registry: scenario.registry(registryOptions),
    sessionId: "golden-session",
    isNonInteractive: true,
    clock: manualClock(),
    observers: [{ onRequest: (e) => bodies.push(e.body) }],
  }).withManagedTempDisabled();
  try {
    await loop.run(scenario.task, scenario.runOptions ?? {});
  } finally {
    await loop.dispose();
    await server.close();
  }
  const received = server.requests.map((r) => r.body);
  if (received.join("\n") !== bodies.join("\n")) throw new Error("the server received other bytes than were encoded");
  return `${bodies.join("\n")}\n`;
}
