import { toolTraits, type Tool, type ToolContext } from "@toolkit/core";
import type { Middleware } from "@toolkit/registry";
import { type Importer, MissingFamilyError } from "./load-families.js";

/** The parts of `@toolkit/memory` the bin uses (the package is an optional peer). */
interface MemoryModule {
  MemoryStore: { open(path: string): MemoryStoreLike };
  SearchMemories: new (options: { store: MemoryStoreLike }) => Tool;
}
interface MemoryStoreLike {
  record(entry: {
    kind: "call";
    session: string;
    tool: string;
    input: string;
    output: string;
    isError: boolean;
  }): number;
  close(): void;
}

/** What `--memory PATH` adds: the search tool, a recording middleware and the store to close. */
export interface LoadedMemory {
  tool: Tool;
  middleware: Middleware;
  close(): void;
}

/**
 * Opens the memory store at `path` for `--memory`: SearchMemories is served,
 * and every answered call of a tool that records trajectories is stored
 * (under the session id of the context it ran in). Throws a
 * MissingFamilyError naming the package when `@toolkit/memory` is absent.
 */
export async function loadMemory({
  path,
  importer = (specifier) => import(specifier),
}: {
  path: string;
  importer?: Importer;
}): Promise<LoadedMemory> {
  let mod: MemoryModule;
  try {
    mod = (await importer("@toolkit/memory")) as MemoryModule;
  } catch (error) {
    const code: unknown = error instanceof Error ? Reflect.get(error, "code") : undefined;
    if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") {
      throw new MissingFamilyError(
        "--memory needs @toolkit/memory, which is not installed: run `npm install @toolkit/memory`",
        { cause: error },
      );
    }
    throw error;
  }
  const store = mod.MemoryStore.open(path);
  const record = (
    ctx: ToolContext,
    tool: Tool,
    name: string,
    input: unknown,
    output: { textContent(): string; isError: boolean },
  ) => {
    if (!toolTraits(tool).recordsTrajectory) return;
    try {
      store.record({
        kind: "call",
        session: ctx.sessionId,
        tool: name,
        input: JSON.stringify(input) ?? "",
        output: output.textContent(),
        isError: output.isError,
      });
    } catch {
      // A full disk or a locked file must not fail the call that was already answered.
    }
  };
  const middleware: Middleware = async function recordToMemory(call, next) {
    const output = await next(call);
    if (call.tool && !call.rejection) record(call.ctx, call.tool, call.name, call.input, output);
    return output;
  };
  return { tool: new mod.SearchMemories({ store }), middleware, close: () => store.close() };
}
