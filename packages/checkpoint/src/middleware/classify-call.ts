import { type Tool, toolTraits } from "@toolkit/core";
import { analyzeCommand } from "@toolkit/shell";

/** How a call may touch the workspace's files. */
export type CallEffect = "none" | "files" | "command";

/** Tools that manage processes without running a command of the model's: they change no file themselves. */
const NO_FILE_EFFECT = new Set(["Jobs"]);

/** The command line of a command tool's input (`command`: Shell, Loom's `bash`), if it has one. */
export function commandOf(input: unknown): string | undefined {
  if (typeof input !== "object" || input === null) return undefined;
  const command = (input as { command?: unknown }).command;
  return typeof command === "string" ? command : undefined;
}

/**
 * Decides whether a call may change files, pure: a read-only tool (or one
 * that manages jobs only) changes none; a call with a `command` is a
 * `"command"` unless Shell's analysis classes it read-only; any other call
 * is `"files"`.
 * An unknown tool is `"none"`: it will not run.
 *
 * @example classifyCall({ tool: shell, input: { command: "git log" } }) // "none"
 */
export function classifyCall(call: { tool: Tool | undefined; input: unknown }): CallEffect {
  const { tool, input } = call;
  if (!tool || NO_FILE_EFFECT.has(tool.name) || toolTraits(tool).isReadOnly) return "none";
  const command = commandOf(input);
  if (command !== undefined) return analyzeCommand(command).readOnly ? "none" : "command";
  return "files";
}
