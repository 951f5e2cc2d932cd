import { isToolMessage } from "@langchain/core/messages";
import type { ToolCall } from "@langchain/core/messages/tool";
import { ToolInputParsingException } from "@langchain/core/tools";
import { TOOL_NAME_PATTERN, type Tool, ToolError, ToolOutput } from "@toolkit/core";
import { checkHostToolFlags, createHostTool } from "@toolkit/registry/adapter";
import { fromToolMessage } from "../output/from-tool-message.js";
import { inputJsonSchema } from "./input-json-schema.js";

/** The part of a LangChain tool (`StructuredTool`, `tool()`, `DynamicStructuredTool`) this wrapper uses. */
export interface LangChainToolLike {
  readonly name: string;
  readonly description: string;
  /** A zod schema or a JSON Schema. */
  readonly schema: unknown;
  invoke(input: ToolCall, config?: { signal?: AbortSignal }): Promise<unknown>;
}

/** Options for `fromLangChainTool`. */
export interface FromLangChainToolOptions {
  /** The tool changes nothing (selectors, approvals and memoize read this). @default false */
  readOnly?: boolean;
  /** Calls may share a parallel wave. @default the value of `readOnly` */
  concurrencySafe?: boolean;
}

/**
 * Wraps a LangChain tool as a Toolkit Tool, so it joins a registry and runs
 * through dispatch and its middleware. Its name and description are the
 * tool's own; its input schema the tool's JSON Schema (zod converted for its
 * input side). Each call invokes the tool with a ToolCall and `ctx.signal`,
 * and maps the ToolMessage back (`status: "error"` is a soft failure, image
 * blocks become image parts, the artifact is kept in `meta.artifact`).
 *
 * @example
 * registry.register(fromLangChainTool(new WikipediaQueryRun(), { readOnly: true }));
 */
export function fromLangChainTool(lcTool: LangChainToolLike, options: FromLangChainToolOptions = {}): Tool {
  const { readOnly = false, concurrencySafe = readOnly } = options;
  if (!lcTool || typeof lcTool !== "object" || typeof lcTool.invoke !== "function") {
    throw new TypeError("fromLangChainTool: `lcTool` must be a LangChain tool (a StructuredTool or tool())");
  }
  const { name, description } = lcTool;
  if (typeof name !== "string" || !TOOL_NAME_PATTERN.test(name)) {
    throw new TypeError(
      `fromLangChainTool: the tool's \`name\` must match ${TOOL_NAME_PATTERN}, got ${JSON.stringify(name)}`,
    );
  }
  if (typeof description !== "string" || description.trim() === "") {
    throw new TypeError(`fromLangChainTool: the tool '${name}' has no \`description\`; the model needs one`);
  }
  checkHostToolFlags("fromLangChainTool", { readOnly, concurrencySafe });
  return createHostTool({
    name,
    description,
    inputSchema: inputJsonSchema(name, lcTool.schema),
    readOnly,
    concurrencySafe,
    async call(input, ctx) {
      const id = `toolkit-${globalThis.crypto.randomUUID()}`;
      let result: unknown;
      try {
        result = await lcTool.invoke(
          { type: "tool_call", id, name, args: asArgs(input) },
          { signal: ctx.signal },
        );
      } catch (error) {
        if (error instanceof ToolInputParsingException) throw ToolError.invalidInput(error.message);
        throw error;
      }
      if (isToolMessage(result)) return fromToolMessage(result);
      return typeof result === "string" ? ToolOutput.text(result) : ToolOutput.structured(result);
    },
  });
}

function asArgs(input: unknown): Record<string, unknown> {
  return input !== null && typeof input === "object" && !Array.isArray(input) ? { ...input } : { input };
}
