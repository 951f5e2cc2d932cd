/** How each client's golden bodies are typed by its provider's official SDK. */
const TYPES: Readonly<Record<string, { imports: string; type: string }>> = {
  "openai-chat": {
    imports: 'import type OpenAI from "openai";',
    type: "OpenAI.Chat.Completions.ChatCompletionCreateParams",
  },
  "openai-responses": {
    imports: 'import type OpenAI from "openai";',
    type: "OpenAI.Responses.ResponseCreateParams",
  },
  "anthropic-messages": {
    imports: 'import type Anthropic from "@anthropic-ai/sdk";',
    type: "Anthropic.MessageCreateParams",
  },
  "gemini-generate-content": {
    imports: 'import type { GeminiRestBody } from "./gemini-rest-body.js";',
    type: "GeminiRestBody",
  },
};

/**
 * A TypeScript module holding every golden body of one client as a literal
 * that `satisfies` the official SDK's request type, so `pnpm typecheck`
 * fails when a golden body drifts from the real API. Written next to the
 * golden files by `UPDATE_GOLDEN=1`; the golden test checks it is current.
 */
export function typedBodiesModule(client: string, files: readonly { name: string; lines: readonly string[] }[]): string {
  const typing = TYPES[client];
  if (!typing) throw new Error(`no SDK type for the ${client} goldens`);
  const entries = files.flatMap((f) => f.lines.map((line, i) => `  // ${f.name} #${i + 1}\n  ${line},`));
  return [
    `// Generated from golden/${client}/*.jsonl by \`UPDATE_GOLDEN=1 pnpm vitest run apps/playground\`; do not edit.`,
    typing.imports,
    "",
    `export const bodies = [\n${entries.join("\n")}\n] satisfies ${typing.type}[];`,
    "",
  ].join("\n");
}
