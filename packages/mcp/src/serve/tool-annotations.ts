import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import { type Tool, toolTraits } from "@toolkit/core";

/**
 * MCP annotations from a tool's traits (defaults resolved by core's
 * `toolTraits`): `readOnlyHint` always; `destructiveHint: true` for a tool
 * that is not read-only; `idempotentHint: true` where the tool is idempotent.
 */
export function toolAnnotations(tool: Tool): ToolAnnotations {
  const { isReadOnly, isIdempotent } = toolTraits(tool);
  const annotations: ToolAnnotations = { readOnlyHint: isReadOnly };
  if (!isReadOnly) annotations.destructiveHint = true;
  if (isIdempotent) annotations.idempotentHint = true;
  return annotations;
}
