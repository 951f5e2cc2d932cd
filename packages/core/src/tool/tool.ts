import { descriptorDigest } from "./digest.js";
import type { JsonSchema } from "../json/json.js";
import type { ToolContext } from "../context/context.js";
import type { ToolOutput } from "../output/output.js";

/** What the model is shown for one tool. The name field is `tool`. */
export interface ToolSchema {
  tool: string;
  description: string;
  input_schema: JsonSchema;
}

/** An icon a user interface may show for a tool (MCP `Icon`, 2025-11-25). */
export interface ToolIcon {
  /** An `https:`, `http:` or `data:` URI of the image. */
  readonly src: string;
  /** e.g. `"image/png"`. */
  readonly mimeType?: string;
  /** e.g. `["48x48"]` or `["any"]` for scalable images. */
  readonly sizes?: readonly string[];
  /** The theme the icon is drawn for. */
  readonly theme?: "light" | "dark";
}

/** The contract every tool implements. Optional traits have the defaults in brackets. */
export interface Tool {
  /** Unique id on the wire, e.g. "Read". */
  readonly name: string;
  /** Tells the model what the tool does. */
  readonly description: string;
  /** What the model is shown; `schema().tool === name`. */
  schema(): ToolSchema;
  /** Runs the tool. A thrown error or ToolError becomes a soft failure. */
  call(input: unknown, ctx: ToolContext): Promise<ToolOutput>;
  /** [false] */
  isConcurrencySafe?(): boolean;
  /** [isConcurrencySafe()] */
  isSafeForConcurrentExecution?(input: unknown): boolean;
  /** [undefined] Calls with the same key never share a wave. */
  resourceKey?(input: unknown): string | undefined;
  /** [false] */
  isReadOnly?(): boolean;
  /** [undefined] Text appended to the system prompt while the tool is advertised. */
  systemPrompt?(): string | undefined;
  /** [descriptorDigest(this)] */
  descriptorDigest?(): string;
  /** [true] False: trajectories record the call without its output. */
  recordsTrajectory?(): boolean;
  /** [isReadOnly()] True: calling twice with the same input has the effect of calling once (retry may repeat it). */
  isIdempotent?(): boolean;
  /**
   * [identity] Maps accepted aliases to the canonical input (e.g. `path` to
   * `file_path`) before validation; pure. Dispatch calls it first, so a
   * tolerated alias is not refused as an unexpected field.
   */
  normalizeInput?(input: unknown): unknown;
  /**
   * [false] True: this call waits for the user's approval whatever the
   * host's policy says (`approvals()` asks even for an exempt call; the
   * adapters' `needsApproval` asks even under `false` or `"writes"`). E.g.
   * `Checkpoints` answers true for `restore`.
   */
  needsApproval?(input: unknown): boolean;
  /** [undefined] The JSON Schema (root `type: "object"`) every successful structured result satisfies; MCP advertises it. */
  outputSchema?(): JsonSchema | undefined;
  /** [undefined] A human-readable name for user interfaces (MCP `title`); the model still sees `name`. */
  title?(): string | undefined;
  /** [undefined] Icons for user interfaces (MCP `icons`). */
  icons?(): readonly ToolIcon[] | undefined;
}

/** A tool's traits with every default applied, so no caller re-implements them. */
export interface ToolTraits {
  readonly isConcurrencySafe: boolean;
  readonly isReadOnly: boolean;
  readonly recordsTrajectory: boolean;
  readonly isIdempotent: boolean;
  readonly systemPrompt: string | undefined;
  readonly descriptorDigest: string;
  isSafeForConcurrentExecution(input: unknown): boolean;
  resourceKey(input: unknown): string | undefined;
  needsApproval(input: unknown): boolean;
}

/** Resolves a tool's optional traits to their defaults in one place. */
export function toolTraits(tool: Tool): ToolTraits {
  const isConcurrencySafe = tool.isConcurrencySafe?.() ?? false;
  const isReadOnly = tool.isReadOnly?.() ?? false;
  return {
    isConcurrencySafe,
    isReadOnly,
    recordsTrajectory: tool.recordsTrajectory?.() ?? true,
    isIdempotent: tool.isIdempotent?.() ?? isReadOnly,
    systemPrompt: tool.systemPrompt?.() ?? undefined,
    get descriptorDigest() {
      return tool.descriptorDigest?.() ?? descriptorDigest(tool);
    },
    isSafeForConcurrentExecution: (input) => isSafeForConcurrentExecution(tool, input),
    resourceKey: (input) => tool.resourceKey?.(input) ?? undefined,
    needsApproval: (input) => tool.needsApproval?.(input) === true,
  };
}

/** `tool.isSafeForConcurrentExecution(input)`, defaulting to `isConcurrencySafe()`, then false. */
export function isSafeForConcurrentExecution(tool: Tool, input: unknown): boolean {
  if (tool.isSafeForConcurrentExecution) return tool.isSafeForConcurrentExecution(input);
  return tool.isConcurrencySafe?.() ?? false;
}

/** The MCP tool-name rule every registered name must satisfy. */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;
