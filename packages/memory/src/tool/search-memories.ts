import { type JsonSchema, ToolBase, ToolError, ToolOutput } from "@toolkit/core";
import { wholeEnd } from "../store/cut-text.js";
import type { MemoryStore } from "../store/memory-store.js";
import type { MemoryHit } from "../store/types.js";
import { queryProblem } from "./query-problem.js";

/** Options of SearchMemories. */
export interface SearchMemoriesOptions {
  /** The store to search. */
  store: MemoryStore;
  /** Search only this project's memories. */
  project?: string;
}

interface SearchInput {
  query: string;
  limit?: number;
  session?: string;
  tool?: string;
  since?: string;
}

const DESCRIPTION = [
  "Search what was done in earlier sessions: past tool calls (their inputs and outputs) and past tasks with",
  "their final answers. Use it before redoing work that may have been done before, or to recall how a problem",
  "was solved. Words are matched as full-text search (ranked by relevance, newest first on ties); quote a phrase",
  'with "..." and use OR between alternatives. Filter by `session`, `tool` or `since` (an ISO date).',
].join(" ");

const INPUT_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    query: { type: "string", minLength: 1, maxLength: 1_000, description: "Words to look for." },
    limit: { type: "integer", minimum: 1, maximum: 50, description: "At most this many hits (default 10)." },
    session: { type: "string", minLength: 1, description: "Only this session's memories." },
    tool: { type: "string", minLength: 1, description: "Only calls of this tool, e.g. Grep." },
    since: {
      type: "string",
      minLength: 1,
      description: "Only memories at or after this ISO date, e.g. 2026-11-30.",
    },
  },
  required: ["query"],
  additionalProperties: false,
};

function when(ms: number): string {
  const date = new Date(ms);
  // A time outside Date's range (an imported line may hold one) must not fail every search that finds it.
  if (Number.isNaN(date.getTime())) return `at ${ms} ms`;
  return date.toISOString().replace("T", " ").slice(0, 16);
}

/** `text` cut to `max` characters with "...", never between the halves of a surrogate pair. */
function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, wholeEnd(text, max))}...`;
}

function render(hit: MemoryHit, index: number): string {
  const m = hit.memory;
  const what = m.kind === "run" ? "run" : `${m.tool}${m.isError ? " (failed)" : ""}`;
  const where = [
    `session ${m.session}`,
    m.turn !== undefined ? `turn ${m.turn}` : undefined,
    m.project && `project ${m.project}`,
  ]
    .filter(Boolean)
    .join(", ");
  const head = `[${index + 1}] ${when(m.createdAt)} ${what} (${where})`;
  const input = m.kind === "run" ? `task: ${m.input}` : `input: ${m.input}`;
  return [head, `  ${clip(input, 300)}`, `  ${hit.snippet.replaceAll("\n", " ")}`].join("\n");
}

/**
 * The model's way into the memory store: BM25-ranked full-text search with
 * snippets around the hits. Read-only, concurrency-safe, idempotent, and
 * never itself recorded (`recordsTrajectory()` is false), so searching the
 * past does not fill the store with searches.
 */
export class SearchMemories extends ToolBase<SearchInput> {
  readonly name = "SearchMemories";
  readonly description = DESCRIPTION;
  protected readonly inputSchema = INPUT_SCHEMA;
  readonly #store: MemoryStore;
  readonly #project: string | undefined;

  constructor(options: SearchMemoriesOptions) {
    if (!options || typeof options.store?.search !== "function") {
      throw new TypeError("SearchMemories: `store` must be a MemoryStore (MemoryStore.open(path))");
    }
    super();
    this.#store = options.store;
    this.#project = options.project;
  }

  protected async run({ query, limit, session, tool, since }: SearchInput): Promise<ToolOutput> {
    const problem = queryProblem(query);
    if (problem !== undefined) throw ToolError.invalidInput(problem);
    let sinceMs: number | undefined;
    if (since !== undefined) {
      sinceMs = Date.parse(since);
      if (Number.isNaN(sinceMs)) {
        throw ToolError.invalidInput(
          `\`since\` must be an ISO date such as 2026-11-30, got ${JSON.stringify(since)}`,
        );
      }
    }
    const hits = await this.#store.search({
      query,
      limit,
      session,
      tool,
      since: sinceMs,
      project: this.#project,
    });
    if (hits.length === 0) return ToolOutput.text(`No memories match ${JSON.stringify(query)}.`);
    const head = `${hits.length} ${hits.length === 1 ? "memory matches" : "memories match"} ${JSON.stringify(query)}, best first:`;
    return ToolOutput.text([head, ...hits.map(render)].join("\n"));
  }

  isReadOnly(): boolean {
    return true;
  }
  isConcurrencySafe(): boolean {
    return true;
  }
  isIdempotent(): boolean {
    return true;
  }
  recordsTrajectory(): boolean {
    return false;
  }
}
