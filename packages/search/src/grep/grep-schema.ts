import type { JsonSchema } from "@toolkit/core";
import type { ScanMode } from "../js-engine/scan-text.js";

/** Input of Grep, as the model sends it. */
export interface GrepInput {
  pattern: string;
  path?: string;
  glob?: string;
  type?: string;
  output_mode?: ScanMode;
  case_insensitive?: boolean;
  fixed_strings?: boolean;
  multiline?: boolean;
  context?: number;
  before?: number;
  after?: number;
  line_numbers?: boolean;
  head_limit?: number;
  offset?: number;
}

const lines = (what: string): JsonSchema => ({
  type: "integer",
  minimum: 0,
  maximum: 100,
  description: `${what} (content mode only).`,
});

/** The JSON Schema the model is shown for Grep. */
export const GREP_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    pattern: {
      type: "string",
      description: "Regular expression in ripgrep syntax (or a literal with fixed_strings).",
    },
    path: { type: "string", description: "File or directory to search (default: the workspace root)." },
    glob: {
      type: "string",
      description: 'Only files matching this glob, e.g. "*.ts" or "src/**/*.{ts,tsx}"; "!x" excludes.',
    },
    type: { type: "string", description: 'Only files of this type, e.g. "ts", "py", "go", "rust", "java".' },
    output_mode: {
      type: "string",
      enum: ["files_with_matches", "content", "count"],
      description: '"files_with_matches" (default: paths), "content" (path:line:text) or "count" (path:N).',
    },
    case_insensitive: { type: "boolean", description: "Ignore case (default false)." },
    fixed_strings: { type: "boolean", description: "Treat the pattern as a literal string (default false)." },
    multiline: { type: "boolean", description: "Let matches span lines (default false)." },
    context: lines("Lines of context before and after each match"),
    before: lines("Lines of context before each match"),
    after: lines("Lines of context after each match"),
    line_numbers: { type: "boolean", description: "Show line numbers in content mode (default true)." },
    head_limit: { type: "integer", minimum: 0, description: "Rows to show (default 250; 0 = all)." },
    offset: {
      type: "integer",
      minimum: 0,
      description: "Rows to skip first, for the next page (default 0).",
    },
  },
  required: ["pattern"],
  additionalProperties: false,
};
