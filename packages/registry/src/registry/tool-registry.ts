import { isJsonObject, TOOL_NAME_PATTERN, type Tool, type ToolSchema, toolTraits } from "@toolkit/core";
import { RegistryError } from "./registry-error.js";

/** What changed in one mutation (or one batch); each list sorted by name. */
export interface SurfaceDiff {
  version: number;
  added: string[];
  removed: string[];
  replaced: string[];
}

/** The advertised schemas and the version they belong to, read as one pair. */
export interface VersionedSurface {
  readonly version: number;
  readonly schemas: readonly ToolSchema[];
}

/** Where the registry reports things a host should see (a re-registration). */
export interface RegistryLogger {
  warn(message: string): void;
}

/** Options for one registration. */
export interface RegisterOptions {
  /** The caller means to replace a tool of the same name: no warning. @default false */
  replace?: boolean;
}

/** Options for a ToolRegistry. */
export interface ToolRegistryOptions {
  /** @default console */
  logger?: RegistryLogger;
}

interface Pending {
  added: Set<string>;
  removed: Set<string>;
  replaced: Set<string>;
}

/**
 * The tools an engine reads every turn. Runtime-mutable and versioned: every
 * mutation bumps `version()` and tells `onToolSurfaceChanged` listeners what
 * changed. Order is registration order; a re-registered name keeps its slot.
 *
 * @example
 * const registry = new ToolRegistry();
 * registry.register(new Think());
 * const { version, schemas } = registry.versionedSurface();
 */
export class ToolRegistry {
  readonly #tools = new Map<string, Tool>();
  readonly #listeners = new Set<(diff: SurfaceDiff) => void>();
  readonly #logger: RegistryLogger;
  #version = 0;
  #surface: VersionedSurface | undefined;
  #batch: Pending | undefined;
  /** The surface published before the open batch: what versionedSurface() shows until it ends. */
  #beforeBatch: VersionedSurface | undefined;

  constructor({ logger = console }: ToolRegistryOptions = {}) {
    this.#logger = logger;
  }

  /**
   * Adds a tool. The same name again replaces the tool in its original slot
   * and warns through the logger, unless `{ replace: true }` says the
   * replacement is intended (e.g. a remote server changed the tool). Throws a RegistryError for a name that
   * breaks the MCP rule, a schema whose `tool` differs from the name, an
   * empty description or an input schema that is not an object.
   */
  register(tool: Tool, { replace = false }: RegisterOptions = {}): void {
    const name = checkTool(tool);
    const replacing = this.#tools.has(name);
    if (replacing && !replace) {
      this.#logger.warn(
        `ToolRegistry: tool '${name}' was registered again; the new definition replaces the old one in its slot`,
      );
    }
    this.#tools.set(name, tool);
    this.#changed((p) => {
      if (p.removed.delete(name)) p.replaced.add(name);
      else if (replacing && !p.added.has(name)) p.replaced.add(name);
      else p.added.add(name);
    });
  }

  /** Removes a tool; calls already running finish against the tool they fetched. */
  remove(name: string): boolean {
    if (!this.#tools.delete(name)) return false;
    this.#changed((p) => {
      if (p.added.delete(name)) return;
      p.replaced.delete(name);
      p.removed.add(name);
    });
    return true;
  }

  /**
   * Runs several mutations as one: one version bump and one diff for all of
   * them (a tool added then removed inside the batch leaves no trace). Until
   * the batch ends, `versionedSurface()` and `allSchemas()` still show the
   * surface as it was before it, so a version is never paired with schemas
   * it did not publish.
   */
  batch<T>(fn: () => T): T {
    if (this.#batch) return fn();
    const pending: Pending = { added: new Set(), removed: new Set(), replaced: new Set() };
    this.#beforeBatch = this.versionedSurface();
    this.#batch = pending;
    try {
      return fn();
    } finally {
      this.#batch = undefined;
      this.#beforeBatch = undefined;
      if (pending.added.size || pending.removed.size || pending.replaced.size) this.#publish(pending);
    }
  }

  get(name: string): Tool | undefined {
    return this.#tools.get(name);
  }
  contains(name: string): boolean {
    return this.#tools.has(name);
  }
  /** Names, alphabetical. */
  toolNames(): string[] {
    return [...this.#tools.keys()].sort();
  }
  /** Schemas in registration order (a fresh array; the schemas are shared). */
  allSchemas(): ToolSchema[] {
    return [...this.versionedSurface().schemas];
  }
  /** Tools in registration order. */
  allTools(): Tool[] {
    return [...this.#tools.values()];
  }
  /** Tools whose `isConcurrencySafe()` is true, in registration order. */
  concurrentSafeTools(): Tool[] {
    return this.allTools().filter((t) => toolTraits(t).isConcurrencySafe);
  }
  get size(): number {
    return this.#tools.size;
  }
  /** Bumped by every mutation (or batch). */
  version(): number {
    return this.#version;
  }
  /**
   * Schemas and version as one atomic pair, cached until the next mutation.
   * Inside `batch()`, the pair published before the batch.
   */
  versionedSurface(): VersionedSurface {
    if (this.#beforeBatch) return this.#beforeBatch;
    this.#surface ??= Object.freeze({
      version: this.#version,
      schemas: Object.freeze([...this.#tools.values()].map((t) => t.schema())),
    });
    return this.#surface;
  }
  /** Listens for surface changes; returns the unsubscribe function. */
  onToolSurfaceChanged(fn: (diff: SurfaceDiff) => void): () => void {
    this.#listeners.add(fn);
    return () => {
      this.#listeners.delete(fn);
    };
  }

  #changed(record: (pending: Pending) => void): void {
    this.#surface = undefined;
    if (this.#batch) {
      record(this.#batch);
      return;
    }
    const pending: Pending = { added: new Set(), removed: new Set(), replaced: new Set() };
    record(pending);
    this.#publish(pending);
  }

  #publish(pending: Pending): void {
    this.#version += 1;
    this.#surface = undefined;
    const diff: SurfaceDiff = {
      version: this.#version,
      added: [...pending.added].sort(),
      removed: [...pending.removed].sort(),
      replaced: [...pending.replaced].sort(),
    };
    for (const fn of [...this.#listeners]) {
      try {
        fn(diff);
      } catch (error) {
        this.#logger.warn(
          `ToolRegistry: a surface listener threw: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }
}

function checkTool(tool: Tool): string {
  if (
    tool === null ||
    typeof tool !== "object" ||
    typeof tool.schema !== "function" ||
    typeof tool.call !== "function"
  ) {
    throw new RegistryError(
      "InvalidTool",
      undefined,
      "ToolRegistry.register: `tool` must implement Tool (name, description, schema(), call())",
    );
  }
  const { name } = tool;
  if (typeof name !== "string" || !TOOL_NAME_PATTERN.test(name)) {
    throw new RegistryError(
      "InvalidName",
      name,
      `ToolRegistry.register: \`name\` must match ${TOOL_NAME_PATTERN} (letters, digits, '.', '_', '-'; 1-128 characters), got ${JSON.stringify(name)}`,
    );
  }
  const schema = tool.schema();
  if (schema?.tool !== name) {
    throw new RegistryError(
      "SchemaMismatch",
      name,
      `ToolRegistry.register: \`schema().tool\` must equal the name '${name}', got ${JSON.stringify(schema?.tool)}`,
    );
  }
  if (typeof tool.description !== "string" || tool.description.trim() === "") {
    throw new RegistryError(
      "InvalidDescription",
      name,
      `ToolRegistry.register: tool '${name}' needs a non-empty \`description\`: it tells the model what the tool does`,
    );
  }
  if (!isJsonObject(schema.input_schema)) {
    throw new RegistryError(
      "InvalidSchema",
      name,
      `ToolRegistry.register: \`schema().input_schema\` of tool '${name}' must be a JSON Schema object`,
    );
  }
  return name;
}
