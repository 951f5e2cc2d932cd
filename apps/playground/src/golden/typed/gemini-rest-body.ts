import type {
  Content,
  FunctionCallingConfig,
  FunctionCallingConfigMode,
  FunctionDeclaration,
  GenerationConfig,
  SafetySetting,
  Tool,
} from "@google/genai";
import type { JsonSchema } from "@toolkit/core";

/**
 * The REST body of `models/{model}:generateContent`, built from `@google/genai`
 * types (the SDK exports its parts, not the body). Two loosenings, both to
 * the REST form the API documents: string enums as their string values, and
 * `parameters` and `generationConfig.responseSchema` as the reduced JSON
 * Schema the client sends.
 */
export interface GeminiRestBody {
  contents: Content[];
  systemInstruction?: Content;
  tools?: (Omit<Tool, "functionDeclarations"> & {
    functionDeclarations?: (Omit<FunctionDeclaration, "parameters"> & { parameters?: JsonSchema })[];
  })[];
  toolConfig?: {
    functionCallingConfig?: Omit<FunctionCallingConfig, "mode"> & { mode?: `${FunctionCallingConfigMode}` };
  };
  generationConfig?: Omit<GenerationConfig, "responseSchema"> & { responseSchema?: JsonSchema };
  safetySettings?: SafetySetting[];
}
