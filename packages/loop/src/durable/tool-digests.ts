import { toolTraits } from "@toolkit/core";
import type { ToolRegistry } from "@toolkit/registry";
import { RunStateError } from "./run-state.js";

/** The descriptor digest of every registered tool, name-sorted: comparable across processes. */
export function toolDigests(registry: ToolRegistry): { name: string; digest: string }[] {
  return registry
    .allTools()
    .map((tool) => ({ name: tool.name, digest: toolTraits(tool).descriptorDigest }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Refuses to resume a run on a registry whose tools differ from the ones it
 * ran with: a tool missing, added, or changed (name, description or schema),
 * each named.
 */
export function checkToolDigests(
  saved: readonly { name: string; digest: string }[],
  registry: ToolRegistry,
): void {
  const now = new Map(toolDigests(registry).map((t) => [t.name, t.digest]));
  const before = new Map(saved.map((t) => [t.name, t.digest]));
  const missing = [...before.keys()].filter((n) => !now.has(n));
  const added = [...now.keys()].filter((n) => !before.has(n));
  const changed = [...before.keys()].filter((n) => now.has(n) && now.get(n) !== before.get(n));
  if (missing.length + added.length + changed.length === 0) return;
  const parts = [
    changed.length ? `changed: ${changed.join(", ")}` : "",
    missing.length ? `missing: ${missing.join(", ")}` : "",
    added.length ? `added: ${added.join(", ")}` : "",
  ].filter(Boolean);
  throw new RunStateError(
    `RunState: the registry differs from the one the run started with (${parts.join("; ")}); resume with the same tools`,
    { field: "tools" },
  );
}
