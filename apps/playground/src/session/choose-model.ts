import { anthropicMessages, type ModelClient, openaiChat, openaiResponses } from "@toolkit/loop";
import type { OracleModelOptions } from "@toolkit/loom";
import { ScriptedModelServer, type ScriptStep } from "@toolkit/loop/test";
import { SCRIPTED_LABEL, sampleScript } from "./scripted-model.js";

/** The providers the playground can talk to. */
export const PROVIDERS = ["scripted", "openai", "openai-responses", "anthropic"] as const;
export type Provider = (typeof PROVIDERS)[number];

/** The model a session uses, and how to describe and release it. */
export interface ChosenModel {
  client: ModelClient;
  provider: Provider;
  /** One line for the banner; never holds a key. */
  label: string;
  /** Where the session's model is served: what `--oracle-model` reuses for the oracle. */
  connection: Pick<OracleModelOptions, "provider" | "baseUrl" | "apiKey">;
  close(): Promise<void>;
}

/**
 * Picks the provider: `--provider`, else OpenAI when `OPENAI_BASE_URL` or
 * `OPENAI_API_KEY` is set, else Anthropic when `ANTHROPIC_API_KEY` is set,
 * else the scripted model served on 127.0.0.1.
 */
export async function chooseModel({
  provider,
  model,
  env,
  baseUrl: givenBaseUrl,
  stream = true,
  script,
}: {
  provider: Provider | undefined;
  model: string | undefined;
  env: NodeJS.ProcessEnv;
  /** `--base-url`: wins over `OPENAI_BASE_URL` / `ANTHROPIC_BASE_URL`. */
  baseUrl?: string | undefined;
  /** Stream replies (text is shown as it arrives). @default true */
  stream?: boolean;
  /** The scripted model's steps. @default the sample script */
  script?: ScriptStep[] | undefined;
}): Promise<ChosenModel> {
  const chosen: Provider =
    provider ??
    (env.OPENAI_BASE_URL || env.OPENAI_API_KEY ? "openai" : env.ANTHROPIC_API_KEY ? "anthropic" : "scripted");
  const name = model ?? env.MODEL;
  const none = async () => {};
  if (chosen === "scripted") {
    const server = await ScriptedModelServer.start({ script: script ?? sampleScript() });
    return {
      client: openaiChat({ baseUrl: server.openaiBaseUrl, model: "scripted-playground", stream }),
      provider: chosen,
      label: `${SCRIPTED_LABEL}; served as an OpenAI-compatible endpoint at ${server.openaiBaseUrl}`,
      connection: { provider: "openai-chat", baseUrl: server.openaiBaseUrl },
      close: () => server.close(),
    };
  }
  if (chosen === "anthropic") {
    const apiKey = env.ANTHROPIC_API_KEY;
    if (!apiKey) throw new TypeError("--provider anthropic needs ANTHROPIC_API_KEY");
    const baseUrl = givenBaseUrl ?? env.ANTHROPIC_BASE_URL ?? "https://api.anthropic.com";
    const modelName = name ?? "claude-sonnet-4-5";
    return {
      client: anthropicMessages({ baseUrl, apiKey, model: modelName, stream }),
      provider: chosen,
      label: `Anthropic Messages at ${baseUrl}, model ${modelName}`,
      connection: { provider: "anthropic-messages", baseUrl, apiKey },
      close: none,
    };
  }
  const custom = givenBaseUrl ?? env.OPENAI_BASE_URL;
  // api.openai.com always wants a key: fail now, not after the first request.
  if (!custom && !env.OPENAI_API_KEY) {
    throw new TypeError(
      `--provider ${chosen} needs OPENAI_API_KEY (or OPENAI_BASE_URL / --base-url for a local server that takes none)`,
    );
  }
  const baseUrl = custom ?? "https://api.openai.com/v1";
  const modelName = name ?? (custom ? undefined : "gpt-4.1-mini");
  if (!modelName) throw new TypeError("set MODEL (or --model) to the model your OPENAI_BASE_URL serves");
  const options = {
    baseUrl,
    model: modelName,
    stream,
    ...(env.OPENAI_API_KEY ? { apiKey: env.OPENAI_API_KEY } : {}),
  };
  const client = chosen === "openai" ? openaiChat(options) : openaiResponses(options);
  const api = chosen === "openai" ? "OpenAI Chat Completions" : "OpenAI Responses";
  const connection: ChosenModel["connection"] = {
    provider: chosen === "openai" ? "openai-chat" : "openai-responses",
    baseUrl,
    ...(env.OPENAI_API_KEY ? { apiKey: env.OPENAI_API_KEY } : {}),
  };
  return {
    client,
    provider: chosen,
    label: `${api} at ${baseUrl}, model ${modelName}`,
    connection,
    close: none,
  };
}
