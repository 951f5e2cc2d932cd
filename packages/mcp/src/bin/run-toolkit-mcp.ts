import { rm, stat } from "node:fs/promises";
import { resolve } from "node:path";
import type { Readable, Writable } from "node:stream";
import { createToolContext, Think, Todo, type ToolContext, Workspace } from "@toolkit/core";
import { ToolRegistry } from "@toolkit/registry";
import { generateToken } from "../serve/bearer-token.js";
import { type McpServing, serveRegistry } from "../serve/serve-registry.js";
import { type Importer, loadFamilyTools, MissingFamilyError } from "./load-families.js";
import { type LoadedMemory, loadMemory } from "./load-memory.js";
import { parseCliArgs, USAGE, UsageError } from "./parse-args.js";

/** Where the bin reads and writes; the process's own streams in production. */
export interface RunToolkitMcpOptions {
  argv: readonly string[];
  /** @default process.cwd() */
  cwd?: string;
  /** @default process.stdin */
  stdin?: Readable;
  /** @default process.stdout */
  stdout?: Writable;
  /** @default process.stderr */
  stderr?: Writable;
  /** Loads a family package. @default import() */
  importer?: Importer;
  /** The version reported to clients. @default "0.0.0" */
  version?: string;
  /** Where `TOOLKIT_MCP_TOKEN` is read (the HTTP token when `--token` is absent). @default process.env */
  env?: Readonly<Record<string, string | undefined>>;
}

/** The environment variable holding the HTTP bearer token. */
export const TOKEN_ENV = "TOOLKIT_MCP_TOKEN";

/** A running bin: the MCP serving and the session context its tools share. */
export interface RunningToolkitMcp {
  readonly serving: McpServing;
  /** The stdio session's context; over HTTP the template of each session's own. */
  readonly ctx: ToolContext;
  /** How it serves: over HTTP it does not stop when stdin ends. */
  readonly transport: "stdio" | "http";
  /** Closes the serving, disposes the session (background jobs) and removes its temp dir with what is in it. */
  stop(): Promise<void>;
}

/**
 * Runs `toolkit-mcp`: parses the arguments, loads the chosen families rooted
 * at `--root`, and serves them over stdio, or over Streamable HTTP with
 * `--http` (a bearer token from `--token`, `TOOLKIT_MCP_TOKEN` or generated;
 * the URL is printed on stderr). Returns the exit code when it does not
 * serve (help: 0; a usage error, a missing package or a refused HTTP
 * option: 2, with the reason on stderr).
 */
export async function runToolkitMcp(options: RunToolkitMcpOptions): Promise<RunningToolkitMcp | number> {
  const {
    argv,
    cwd = process.cwd(),
    stdin = process.stdin,
    stdout = process.stdout,
    stderr = process.stderr,
    importer,
    version = "0.0.0",
    env = process.env,
  } = options;
  const fail = (message: string) => {
    stderr.write(`toolkit-mcp: ${message}\n`);
    return 2;
  };
  try {
    const command = parseCliArgs({ argv, cwd });
    if (command.kind === "help") {
      stderr.write(`${USAGE}\n`);
      return 0;
    }
    const root = resolve(cwd, command.root);
    const info = await stat(root).catch(() => undefined);
    if (!info?.isDirectory()) return fail(`--root ${command.root}: no such directory`);
    const workspace = new Workspace({ root });
    const tools = await loadFamilyTools({
      families: command.families,
      workspace,
      ...(importer ? { importer } : {}),
    });
    if (command.think) tools.push(new Think());
    if (command.todo) tools.push(new Todo());
    let memory: LoadedMemory | undefined;
    if (command.memory !== undefined) {
      try {
        memory = await loadMemory({ path: resolve(cwd, command.memory), ...(importer ? { importer } : {}) });
      } catch (error) {
        if (error instanceof MissingFamilyError) throw error;
        return fail(`--memory ${command.memory}: ${error instanceof Error ? error.message : String(error)}`);
      }
      tools.push(memory.tool);
    }
    const middleware = memory ? [memory.middleware] : [];
    const logger = { warn: (message: string) => void stderr.write(`toolkit-mcp: ${message}\n`) };
    const registry = new ToolRegistry({ logger });
    for (const tool of tools) registry.register(tool);
    const ctx = createToolContext({ cwd: root, isNonInteractive: true });
    const { transport } = command;
    let serving: McpServing;
    if (transport.type === "stdio") {
      serving = await serveRegistry(registry, {
        name: command.name,
        version,
        transport: { type: "stdio", stdin, stdout },
        ctx,
        logger,
        middleware,
      });
    } else {
      const given = transport.token ?? (env[TOKEN_ENV]?.trim() || undefined);
      const token = transport.allowUnauthenticated ? undefined : (given ?? generateToken());
      try {
        serving = await serveRegistry(registry, {
          name: command.name,
          version,
          transport: {
            type: "http",
            host: transport.host,
            port: transport.port,
            allowedOrigins: transport.allowedOrigins,
            ...(transport.allowUnauthenticated ? { allowUnauthenticated: true } : {}),
            ...(token === undefined ? {} : { token }),
          },
          ctx,
          logger,
          middleware,
        });
      } catch (error) {
        if (error instanceof TypeError)
          return fail(error.message.replace(/^serveRegistry: `transport\./, "`"));
        throw error;
      }
      stderr.write(`toolkit-mcp: serving ${serving.url?.href ?? ""}\n`);
      if (token !== undefined && given === undefined) {
        stderr.write(
          `toolkit-mcp: clients must send \`Authorization: Bearer ${token}\` (generated; set ${TOKEN_ENV} to choose the token)\n`,
        );
      }
    }
    let stopping: Promise<void> | undefined;
    return {
      serving,
      ctx,
      transport: transport.type,
      stop() {
        stopping ??= serving.close().finally(async () => {
          memory?.close();
          try {
            await ctx.dispose();
          } finally {
            // The session's temp dir is the bin's own: spilled replies and all go with it.
            await rm(ctx.tempDir, { recursive: true, force: true });
          }
        });
        return stopping;
      },
    };
  } catch (error) {
    if (error instanceof UsageError || error instanceof MissingFamilyError) return fail(error.message);
    throw error;
  }
}
