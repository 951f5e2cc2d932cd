import { parseArgs } from "node:util";
import { chosenFamilies, familyFlagOptions, familyUsage, type ToolFamily } from "@toolkit/registry/families";

/** A tool family the bin can serve. */
export type FamilyFlag = ToolFamily;

/** The family flags, in the order their tools are registered. */
const FAMILY_FLAGS: readonly FamilyFlag[] = ["fs", "search", "shell", "web-fetch"];

/** How the bin serves: stdio, or Streamable HTTP with its access options. */
export type CliTransport =
  | { type: "stdio" }
  | {
      type: "http";
      host: string;
      port: number;
      /** From `--token`; the environment's `TOOLKIT_MCP_TOKEN` is read by the runner. */
      token: string | undefined;
      allowUnauthenticated: boolean;
      allowedOrigins: string[];
    };

/** What `toolkit-mcp` was asked to do. */
export type CliCommand =
  | { kind: "help" }
  | {
      kind: "serve";
      families: FamilyFlag[];
      think: boolean;
      /** Serve Todo, the model's plan for the session. */
      todo: boolean;
      /** `--memory PATH`: serve SearchMemories over this store and record every call into it. */
      memory: string | undefined;
      root: string;
      name: string;
      transport: CliTransport;
    };

/** The usage text `--help` prints. */
export const USAGE = `Usage: toolkit-mcp [--fs] [--search] [--shell] [--web-fetch] [--think] [--todo]
                   [--memory PATH] [--root DIR] [--name NAME]
                   [--http [--host HOST] [--port PORT] [--token TOKEN | --no-auth] [--allow-origin ORIGIN]...]

Serves Toolkit's built-in tool families to an MCP client over stdio, or over
Streamable HTTP with --http (run it as \`npx @toolkit/mcp ...\`).

${familyUsage(FAMILY_FLAGS, { flagWidth: 12, toolsWidth: 43 })}
  --think     Think
  --todo      Todo (the model's plan, kept per session)
  --memory PATH  SearchMemories over the SQLite store at PATH, and every answered
              call recorded into it                      (needs @toolkit/memory)
  --root DIR  the workspace every tool stays inside (default: the current directory)
  --name NAME the server name clients see (default: toolkit)
  --help      print this text

HTTP (--http):
  --host HOST          interface to bind (default: 127.0.0.1)
  --port PORT          port (default: 0, a free one; the URL is printed on stderr)
  --token TOKEN        the bearer token clients must send; better: set TOOLKIT_MCP_TOKEN
                       (a flag is visible to other local users). Without either, a
                       token is generated and printed once on stderr.
  --no-auth            serve without a token (only on a loopback host)
  --allow-origin ORIG  accept requests from this browser origin (repeatable; default: none)`;

/** A command line the bin cannot run; the message says what to fix. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

const HTTP_ONLY = ["host", "port", "token", "no-auth", "allow-origin"] as const;

/**
 * Parses the bin's arguments (pure). Throws a UsageError for an unknown
 * flag, a missing or bad value, an HTTP flag without --http, or no tools chosen.
 */
export function parseCliArgs({ argv, cwd }: { argv: readonly string[]; cwd: string }): CliCommand {
  let values: Record<string, string | boolean | string[] | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        ...familyFlagOptions(FAMILY_FLAGS),
        think: { type: "boolean" },
        todo: { type: "boolean" },
        memory: { type: "string" },
        root: { type: "string" },
        name: { type: "string" },
        help: { type: "boolean", short: "h" },
        http: { type: "boolean" },
        host: { type: "string" },
        port: { type: "string" },
        token: { type: "string" },
        "no-auth": { type: "boolean" },
        "allow-origin": { type: "string", multiple: true },
      },
    }));
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  }
  if (values.help) return { kind: "help" };
  const families = chosenFamilies(FAMILY_FLAGS, values);
  const think = values.think === true;
  const todo = values.todo === true;
  const memory = typeof values.memory === "string" ? values.memory : undefined;
  if (memory === "") throw new UsageError("--memory needs the path of a store file");
  if (families.length === 0 && !think && !todo && memory === undefined) {
    throw new UsageError(
      `choose the tools to serve: --fs, --search, --shell, --web-fetch, --think, --todo and/or --memory PATH\n\n${USAGE}`,
    );
  }
  const root = typeof values.root === "string" ? values.root : cwd;
  const name = typeof values.name === "string" ? values.name : "toolkit";
  if (root === "") throw new UsageError("--root needs a directory");
  if (name.trim() === "") throw new UsageError("--name needs a non-empty name");
  return { kind: "serve", families, think, todo, memory, root, name, transport: cliTransport(values) };
}

function cliTransport(values: Record<string, string | boolean | string[] | undefined>): CliTransport {
  if (values.http !== true) {
    const stray = HTTP_ONLY.find((flag) => values[flag] !== undefined);
    if (stray) throw new UsageError(`--${stray} needs --http (without it the tools are served over stdio)`);
    return { type: "stdio" };
  }
  const portText = typeof values.port === "string" ? values.port : "0";
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) {
    throw new UsageError(`--port must be an integer from 0 to 65535, got ${JSON.stringify(portText)}`);
  }
  const token = typeof values.token === "string" ? values.token : undefined;
  const allowUnauthenticated = values["no-auth"] === true;
  if (allowUnauthenticated && token !== undefined) {
    throw new UsageError("--token and --no-auth contradict each other: choose one");
  }
  const origins = values["allow-origin"];
  return {
    type: "http",
    host: typeof values.host === "string" ? values.host : "127.0.0.1",
    port,
    token,
    allowUnauthenticated,
    allowedOrigins: Array.isArray(origins) ? origins : [],
  };
}
