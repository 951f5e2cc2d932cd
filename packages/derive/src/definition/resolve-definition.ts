import { TOOL_NAME_PATTERN, type JsonSchema } from "@toolkit/core";
import type { z } from "zod";
import { DefineToolError } from "./define-tool-error.js";
import { toInputSchema } from "../schema/input-schema.js";
import { snakeCase } from "./snake-case.js";
import type { InputSchema, TraitOptions } from "./types.js";

/** Everything a derived tool needs, checked once when the tool is defined. */
export interface Definition<S extends InputSchema> {
  readonly input: S;
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly readOnly: boolean;
  readonly concurrencySafe: boolean;
  readonly concurrencyCheck: ((input: z.output<S>) => boolean) | undefined;
  readonly resourceKey: ((input: z.output<S>) => string | undefined) | undefined;
  readonly systemPrompt: string | undefined;
  readonly recordsTrajectory: boolean;
  readonly idempotent: boolean | undefined;
}

/**
 * Checks raw `defineTool` options and resolves the defaults: the JSON Schema
 * from zod, the name from the schema's title, the description from the
 * schema's own. Throws a DefineToolError that says how to fix each problem.
 */
export function resolveDefinition<S extends InputSchema>(
  options: TraitOptions<S> & { input: S },
): Definition<S> {
  const {
    input,
    readOnly = false,
    concurrencySafe = false,
    concurrencyCheck,
    resourceKey,
    systemPrompt,
    recordsTrajectory = true,
    idempotent,
  } = options;
  const inputSchema = toInputSchema({ input });
  const name = resolveName(options.name, inputSchema.title);
  const description = resolveDescription(name, options.description, inputSchema.description);
  for (const [option, value] of Object.entries({
    readOnly,
    concurrencySafe,
    recordsTrajectory,
    idempotent,
  })) {
    if (value !== undefined && typeof value !== "boolean") {
      throw new DefineToolError(
        `defineTool: \`${option}\` of tool '${name}' must be true or false, got ${typeof value}`,
        {
          option,
        },
      );
    }
  }
  for (const [option, value] of Object.entries({ concurrencyCheck, resourceKey })) {
    if (value !== undefined && typeof value !== "function") {
      throw new DefineToolError(
        `defineTool: \`${option}\` of tool '${name}' must be a function of the parsed input, got ${typeof value}`,
        { option },
      );
    }
  }
  if (systemPrompt !== undefined && typeof systemPrompt !== "string") {
    throw new DefineToolError(
      `defineTool: \`systemPrompt\` of tool '${name}' must be a string, got ${typeof systemPrompt}`,
      {
        option: "systemPrompt",
      },
    );
  }
  return {
    input,
    name,
    description,
    inputSchema,
    readOnly,
    concurrencySafe,
    concurrencyCheck,
    resourceKey,
    systemPrompt,
    recordsTrajectory,
    idempotent,
  };
}

function resolveName(explicit: unknown, title: unknown): string {
  if (explicit !== undefined) {
    if (typeof explicit !== "string" || explicit.trim() === "") {
      throw new DefineToolError(
        `defineTool: \`name\` is empty: pass a name such as "fetch_page", or leave it out to use the snake_case of the schema's title`,
        { option: "name" },
      );
    }
    if (!TOOL_NAME_PATTERN.test(explicit)) {
      throw new DefineToolError(
        `defineTool: \`name\` must match ${TOOL_NAME_PATTERN} (letters, digits, '.', '_', '-'; 1-128 characters), got ${JSON.stringify(explicit)}`,
        { option: "name" },
      );
    }
    return explicit;
  }
  if (typeof title !== "string" || title.trim() === "") {
    throw new DefineToolError(
      `defineTool: the tool has no name: pass \`name\`, or give the schema a title with .meta({ title: "FetchPage" }) (it becomes "fetch_page")`,
      { option: "name" },
    );
  }
  const name = snakeCase(title);
  if (!TOOL_NAME_PATTERN.test(name)) {
    throw new DefineToolError(
      `defineTool: the schema's title ${JSON.stringify(title)} gives no valid tool name (${JSON.stringify(name)}); pass \`name\` explicitly`,
      { option: "name" },
    );
  }
  return name;
}

function resolveDescription(name: string, explicit: unknown, own: unknown): string {
  if (explicit !== undefined) {
    if (typeof explicit === "string" && explicit.trim() !== "") return explicit;
    throw new DefineToolError(
      `defineTool: \`description\` of tool '${name}' is empty: say what the tool does, e.g. "Fetches a web page and returns its text."`,
      { option: "description" },
    );
  }
  if (typeof own === "string" && own.trim() !== "") return own;
  throw new DefineToolError(
    `defineTool: tool '${name}' has no description: pass \`description\`, or describe the schema with .describe("What the tool does.")`,
    { option: "description" },
  );
}
