import type { ApprovalCheck } from "./approval-policy.js";
import { createDispatchOne, type DispatchOne } from "./dispatch-one.js";
import {
  type AdapterOptions,
  type ResolvedAdapterOptions,
  type ResolveAdapterOptionsSettings,
  resolveAdapterOptions,
} from "./resolve-adapter-options.js";
import { type AdvertisedSurface, advertisedSurface } from "../selectors/selectors.js";
import type { ToolRegistry } from "../registry/tool-registry.js";

/** What a host adapter builds its tools from. */
export interface AdaptedRegistry<Check = ApprovalCheck> {
  /** The adapter's options, validated, with every default applied. */
  readonly options: ResolvedAdapterOptions<Check>;
  /** The advertised tools at turn 0: a snapshot of the registry's surface. */
  readonly surface: AdvertisedSurface;
  /** Runs one host call through dispatch, refusing any name not advertised. */
  readonly run: DispatchOne;
}

/**
 * The start of every host adapter's `to*Tools(registry, options)`: checks the
 * registry, resolves the options (see `resolveAdapterOptions`), takes the
 * advertised surface once, and makes the one dispatch path its tools' calls take.
 *
 * @example
 * const { options: o, surface, run } = adaptRegistry(registry, options, { fn: "toAgentsTools", strict: true });
 */
export function adaptRegistry<Check = ApprovalCheck>(
  registry: ToolRegistry,
  options: AdapterOptions<Check>,
  settings: ResolveAdapterOptionsSettings,
): AdaptedRegistry<Check> {
  if (!registry || typeof registry.versionedSurface !== "function") {
    throw new TypeError(`${settings.fn}: \`registry\` must be a ToolRegistry`);
  }
  const resolved = resolveAdapterOptions(options, settings);
  const surface = advertisedSurface(registry, resolved.selector, 0);
  const run = createDispatchOne(registry, { ...resolved, advertised: surface.names });
  return { options: resolved, surface, run };
}
