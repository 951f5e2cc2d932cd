import { Workspace } from "@toolkit/core";
import { createLoomTools as createLoomFileTools } from "@toolkit/fs/loom";
import { ToolRegistry, type ToolRegistryOptions } from "@toolkit/registry";
import type { SandboxSetting } from "@toolkit/shell";
import { LoomBash } from "@toolkit/shell/loom";
import type { SearchProvider } from "@toolkit/web-search";
import { LoomWebSearch } from "@toolkit/web-search/loom";
import { type OracleModelOptions, oracleModel } from "./oracle/oracle-model.js";
import { oracleTool } from "./oracle/oracle-tool.js";

/** The oracle's configuration: its model (with reasoning on) and the limits of one call. */
export interface LoomOracleOptions extends OracleModelOptions {
  /** Model requests per oracle call. @default 5 */
  maxTurns?: number;
  /** Bytes of attached files per call, all files together. @default 262144 */
  maxFileBytes?: number;
}

/** The providers behind Loom's two `web_search` registrations. */
export interface LoomSearchOptions {
  /** `WebSearchToolGoogle`: Google Custom Search, e.g. `proxyProvider({ baseUrl, token, backend: "cse" })`. */
  google?: SearchProvider;
  /** `WebSearchToolSerper`: Serper.dev, e.g. `proxyProvider({ baseUrl, token, backend: "serper" })`. */
  serper?: SearchProvider;
}

/** Options for `createLoomRegistry`. */
export interface CreateLoomRegistryOptions {
  /** The workspace root every tool is confined to (Loom's `ToolContext.workspace_root`). */
  root: string;
  /** Web search providers; a `web_search` is registered for each one given. @default none */
  search?: LoomSearchOptions;
  /** The oracle's model; without it `oracle` is not registered. @default none */
  oracle?: LoomOracleOptions;
  /** Where `bash` runs (see @toolkit/shell's sandbox table). @default "auto" */
  sandbox?: SandboxSetting;
  /** Passed to the registry (its warning logger). */
  registry?: ToolRegistryOptions;
}

/**
 * The registry Loom's `create_tool_registry` builds, in its order:
 * `read_file`, `list_files`, `edit_file`, `bash`, `oracle` (when
 * configured), then `web_search` for Google and `web_search` for Serper.
 * The two searches share one name, so, as in Loom, the Serper registration
 * replaces the Google one in its slot: one `web_search` is advertised, on
 * Serper when both are given.
 *
 * @example
 * const registry = createLoomRegistry({ root: process.cwd(), sandbox: "required" });
 * registry.allTools().map((t) => t.name); // ["read_file", "list_files", "edit_file", "bash"]
 */
export function createLoomRegistry(options: CreateLoomRegistryOptions): ToolRegistry {
  if (options === null || typeof options !== "object") {
    throw new TypeError(
      `createLoomRegistry: options must be an object with \`root\`, got ${String(options)}`,
    );
  }
  const { root, search = {}, oracle, sandbox, registry: registryOptions } = options;
  if (typeof root !== "string" || root === "") {
    throw new TypeError(`createLoomRegistry: \`root\` must be a directory path, got ${JSON.stringify(root)}`);
  }
  if (search === null || typeof search !== "object") {
    throw new TypeError(
      `createLoomRegistry: \`search\` must be an object of { google?, serper? } providers, got ${JSON.stringify(search)}`,
    );
  }
  for (const key of Object.keys(search)) {
    if (key !== "google" && key !== "serper") {
      throw new TypeError(
        `createLoomRegistry: \`search.${key}\` is not an option; use \`google\` or \`serper\``,
      );
    }
  }
  const workspace = new Workspace({ root });
  const [readFile, editFile, listFiles] = createLoomFileTools({ workspace });
  const registry = new ToolRegistry(registryOptions);
  registry.register(readFile);
  registry.register(listFiles);
  registry.register(editFile);
  registry.register(new LoomBash({ workspace, ...(sandbox === undefined ? {} : { sandbox }) }));
  if (oracle !== undefined) registry.register(createOracle(oracle, workspace, search));
  if (search.google !== undefined) registry.register(new LoomWebSearch({ provider: search.google }));
  if (search.serper !== undefined) {
    // Loom registers WebSearchToolSerper after WebSearchToolGoogle under the same name: the later wins.
    registry.register(new LoomWebSearch({ provider: search.serper }), { replace: true });
  }
  return registry;
}

/** The oracle over the registry's workspace, with read_file, list_files and the configured web_search. */
function createOracle(oracle: LoomOracleOptions, workspace: Workspace, search: LoomSearchOptions) {
  if (oracle === null || typeof oracle !== "object") {
    throw new TypeError(
      `createLoomRegistry: \`oracle\` must be an object with \`provider\` and \`model\`, got ${JSON.stringify(oracle)}`,
    );
  }
  const { maxTurns, maxFileBytes, ...model } = oracle;
  const [readFile, , listFiles] = createLoomFileTools({ workspace });
  const web = search.serper ?? search.google;
  return oracleTool({
    model: oracleModel(model),
    workspace,
    tools: [readFile, listFiles, ...(web ? [new LoomWebSearch({ provider: web })] : [])],
    ...(maxTurns === undefined ? {} : { maxTurns }),
    ...(maxFileBytes === undefined ? {} : { maxFileBytes }),
  });
}
