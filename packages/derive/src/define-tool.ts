import { DefineToolError } from "./definition/define-tool-error.js";
import { DerivedTool } from "./tool/derived-tool.js";
import { resolveDefinition } from "./definition/resolve-definition.js";
import type { InputSchema, RunFunction, TraitOptions } from "./definition/types.js";

/** Options for `defineTool`: the schema, the function, and the tool's optional traits. */
export interface DefineToolOptions<S extends InputSchema> extends TraitOptions<S> {
  /**
   * A zod object schema of the arguments. `.describe()` on a field becomes its
   * description; an optional, defaulted or nullish field is not required.
   */
  input: S;
  /**
   * Does the work. Receives the input zod parsed (defaults applied, transforms
   * run) and returns a ToolOutput, a string (text) or any JSON value (structured).
   */
  run: RunFunction<S>;
}

/**
 * A complete, typed, validated Tool from a zod object schema and a run
 * function. The JSON Schema the model sees is zod's (input side, objects
 * closed); the name defaults to the snake_case of the schema's `title`, the
 * description to the schema's own. Problems with the definition throw a
 * DefineToolError at once; input that does not parse is an `InvalidInput`
 * ToolError naming the field.
 *
 * @example
 * const echo = defineTool({
 *   input: z.object({ text: z.string().describe("What to say back") }).meta({ title: "Echo", description: "Says the text back." }),
 *   run: ({ text }) => text,
 * });
 */
export function defineTool<S extends InputSchema>(options: DefineToolOptions<S>): DerivedTool<S> {
  const definition = resolveDefinition(options);
  if (typeof options.run !== "function") {
    throw new DefineToolError(
      `defineTool: \`run\` of tool '${definition.name}' must be a function (input, ctx) => result, got ${typeof options.run}`,
      { option: "run" },
    );
  }
  return new DerivedTool(definition, options.run);
}
