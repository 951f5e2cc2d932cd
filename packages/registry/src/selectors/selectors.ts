import { type ToolSchema, toolTraits } from "@toolkit/core";
import type { ToolRegistry } from "../registry/tool-registry.js";

/** What a selector sees when choosing the tools for a turn. */
export interface SelectorTurn {
  /** The turn number, from 1 in a loop. */
  turn: number;
  /** The registry as it is this turn. */
  registry: ToolRegistry;
}

/** Chooses the names advertised this turn, in the order they should appear. */
export type Selector = (turn: SelectorTurn) => string[];

/** Advertises exactly these names (those registered), in the order given. */
export function selectByNames(names: readonly string[]): Selector {
  const list = [...names];
  return ({ registry }) => list.filter((n) => registry.contains(n));
}

/** Advertises the read-only tools, in registration order. */
export function selectReadOnly(): Selector {
  return selectWhere((tool) => toolTraits(tool).isReadOnly);
}

/** Advertises the tools a predicate accepts, in registration order. */
export function selectWhere(
  predicate: (tool: ReturnType<ToolRegistry["allTools"]>[number], turn: SelectorTurn) => boolean,
): Selector {
  return (turn) =>
    turn.registry
      .allTools()
      .filter((t) => predicate(t, turn))
      .map((t) => t.name);
}

/** The surface advertised for a turn: the version and the selected schemas. */
export interface AdvertisedSurface {
  version: number;
  schemas: readonly ToolSchema[];
  names: readonly string[];
}

/**
 * Reads the surface once (schemas and version as one pair) and applies the
 * selector: its names in its order, unknown names dropped, duplicates once.
 * Without a selector, every tool in registration order.
 */
export function advertisedSurface(
  registry: ToolRegistry,
  selector: Selector | undefined,
  turn: number,
): AdvertisedSurface {
  const surface = registry.versionedSurface();
  if (!selector)
    return { version: surface.version, schemas: surface.schemas, names: surface.schemas.map((s) => s.tool) };
  const byName = new Map(surface.schemas.map((s) => [s.tool, s]));
  const schemas: ToolSchema[] = [];
  for (const name of new Set(selector({ turn, registry }))) {
    const schema = byName.get(name);
    if (schema) schemas.push(schema);
  }
  return { version: surface.version, schemas, names: schemas.map((s) => s.tool) };
}
