import { parseArgs } from "node:util";

/** A tool family the bin can serve. */
export type FamilyFlag = "fs" | "search" | "shell";

/** What `toolkit-mcp` was asked to do. */
export type CliCommand =
  | { kind: "help" }
  | { kind: "serve"; families: FamilyFlag[]; think: boolean; root: string; name: string };

/** The usage text `--help` prints. */
export const USAGE = `Usage: toolkit-mcp [--fs] [--search] [--shell] [--think] [--root DIR] [--name NAME]

Serves Toolkit's built-in tool families to an MCP client over stdio.

  --fs        Read, Write, Edit, MultiEdit, FileViewer   (needs @toolkit/fs)
  --search    Glob, Grep, CodeSearch, Tree               (needs @toolkit/search)
  --shell     Shell, Jobs                                (needs @toolkit/shell)
  --think     Think
  --root DIR  the workspace every tool stays inside (default: the current directory)
  --name NAME the server name clients see (default: toolkit)
  --help      print this text`;

/** A command line the bin cannot run; the message says what to fix. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/**
 * Parses the bin's arguments (pure). Throws a UsageError for an unknown
 * flag, a missing value, or no tools chosen.
 */
export function parseCliArgs({ argv, cwd }: { argv: readonly string[]; cwd: string }): CliCommand {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        fs: { type: "boolean" },
        search: { type: "boolean" },
        shell: { type: "boolean" },
        think: { type: "boolean" },
        root: { type: "string" },
        name: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  }
  if (values.help) return { kind: "help" };
  const families = (["fs", "search", "shell"] as const).filter((flag) => values[flag] === true);
  const think = values.think === true;
  if (families.length === 0 && !think) {
    throw new UsageError(`choose the tools to serve: --fs, --search, --shell and/or --think\n\n${USAGE}`);
  }
  const root = typeof values.root === "string" ? values.root : cwd;
  const name = typeof values.name === "string" ? values.name : "toolkit";
  if (root === "") throw new UsageError("--root needs a directory");
  if (name.trim() === "") throw new UsageError("--name needs a non-empty name");
  return { kind: "serve", families, think, root, name };
}
