import {
  anthropicMessages,
  type CommonClientOptions,
  geminiGenerateContent,
  type ModelClient,
  type ModelOptions,
  openaiChat,
  openaiResponses,
} from "@toolkit/loop";

/** The wire formats the oracle speaks: `@toolkit/loop`'s clients, by their `provider` name. */
export const ORACLE_PROVIDERS = [
  "openai-chat",
  "openai-responses",
  "anthropic-messages",
  "gemini-generate-content",
] as const;

/** One of `ORACLE_PROVIDERS`. */
export type OracleProvider = (typeof ORACLE_PROVIDERS)[number];

/** Tokens the oracle may think with where the provider counts thinking in tokens (Anthropic, Gemini). */
export const ORACLE_THINKING_TOKENS = 8192;

/** Options for `oracleModel`: which provider and model, where, and whether it reasons. */
export interface OracleModelOptions
  extends Omit<CommonClientOptions, "model" | "reasoning" | "thinking" | "maxOutputTokens"> {
  /** The wire format. */
  provider: OracleProvider;
  /** The model name, usually a stronger one than the working model's. */
  model: string;
  /** The API root. @default the provider's public API (`https://api.openai.com/v1`, `https://api.anthropic.com`, `https://generativelanguage.googleapis.com`) */
  baseUrl?: string;
  /** Turn the provider's reasoning on (OpenAI `reasoning.effort: "high"`, Anthropic and Gemini a thinking budget). @default true */
  reasoning?: boolean;
}

/**
 * The oracle's model client, with reasoning on where the provider offers
 * it: OpenAI's reasoning effort `high`; Anthropic extended thinking and
 * Gemini's `thinkingBudget` of `ORACLE_THINKING_TOKENS` (Anthropic's
 * `max_tokens` raised above it). Throws a TypeError naming a bad field.
 *
 * @example
 * const model = oracleModel({ provider: "openai-responses", model: "o3", apiKey: process.env.OPENAI_API_KEY });
 */
export function oracleModel(options: OracleModelOptions): ModelClient {
  if (options === null || typeof options !== "object") {
    throw new TypeError(
      `oracleModel: options must be an object with \`provider\` and \`model\`, got ${String(options)}`,
    );
  }
  const { provider, baseUrl, reasoning = true, ...rest } = options;
  if (!(ORACLE_PROVIDERS as readonly unknown[]).includes(provider)) {
    throw new TypeError(
      `oracleModel: \`provider\` must be one of ${ORACLE_PROVIDERS.join(", ")}, got ${JSON.stringify(provider)}`,
    );
  }
  if (typeof reasoning !== "boolean") {
    throw new TypeError(`oracleModel: \`reasoning\` must be a boolean, got ${JSON.stringify(reasoning)}`);
  }
  const think = (settings: ModelOptions): ModelOptions => (reasoning ? settings : {});
  const keyed = () => {
    if (typeof rest.apiKey !== "string" || rest.apiKey === "") {
      throw new TypeError(
        `oracleModel: provider ${provider} needs \`apiKey\`, got ${JSON.stringify(rest.apiKey)}`,
      );
    }
    return { ...rest, apiKey: rest.apiKey };
  };
  switch (provider) {
    case "openai-chat":
      return openaiChat({
        ...rest,
        ...think({ reasoning: { effort: "high" } }),
        baseUrl: baseUrl ?? "https://api.openai.com/v1",
      });
    case "openai-responses":
      return openaiResponses({
        ...rest,
        ...think({ reasoning: { effort: "high" } }),
        baseUrl: baseUrl ?? "https://api.openai.com/v1",
      });
    case "anthropic-messages":
      return anthropicMessages({
        ...keyed(),
        ...think({
          thinking: { budgetTokens: ORACLE_THINKING_TOKENS },
          maxOutputTokens: 2 * ORACLE_THINKING_TOKENS,
        }),
        ...(baseUrl ? { baseUrl } : {}),
      });
    case "gemini-generate-content":
      return geminiGenerateContent({
        ...keyed(),
        ...think({ thinking: { budgetTokens: ORACLE_THINKING_TOKENS } }),
        ...(baseUrl ? { baseUrl } : {}),
      });
  }
}
