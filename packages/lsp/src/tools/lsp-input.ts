import type { JsonSchema } from "@toolkit/core";

/** Input of the position tools: a file, and a 1-based line and column or a symbol name. */
export interface PositionInput {
  path: string;
  line?: number;
  column?: number;
  symbol?: string;
}

/** The JSON schema of `PositionInput`, with `extra` properties added. */
export function positionSchema(
  extra: Record<string, JsonSchema> = {},
  required: readonly string[] = [],
): JsonSchema {
  return {
    type: "object",
    properties: {
      path: { type: "string", description: "The file, relative to the workspace (or absolute inside it)." },
      line: { type: "integer", minimum: 1, description: "1-based line of the symbol (with `column`)." },
      column: { type: "integer", minimum: 1, description: "1-based column of the symbol (with `line`)." },
      symbol: {
        type: "string",
        description:
          "The symbol's name, instead of line and column: found in the file, else in the workspace.",
      },
      ...extra,
    },
    required: ["path", ...required],
    additionalProperties: false,
  };
}
