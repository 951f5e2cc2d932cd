import { isAbsolute, resolve } from "node:path";
import { BUILTIN_SERVERS, type ServerSpec } from "../server/server-spec.js";

/** A server command as it will be spawned, after a sandbox wrapped it. */
export interface WrappedCommand {
  readonly command: string;
  readonly args: readonly string[];
  /** False when the server runs in another PID namespace: no client pid is passed (it would exit). */
  readonly sameProcessView: boolean;
}

/** Options for `createLsp`. */
export interface LspOptions {
  /** The workspace root: servers serve projects under it. */
  root: string;
  /** Servers added to the table; one with a built-in's `id` replaces it, and a later extension wins. @default [] */
  servers?: readonly ServerSpec[];
  /** Include the built-in table (TypeScript, Python, Go, Rust, C/C++). @default true */
  builtins?: boolean;
  /** The servers' environment. @default process.env */
  env?: NodeJS.ProcessEnv;
  /** Bound on a server's start and first project load, in ms. @default 30000 */
  startTimeoutMs?: number;
  /** Most files listed per project when looking for importers of an edited file. @default 5000 */
  maxFiles?: number;
  /** Wraps each server command, e.g. to run it in a sandbox. @default the command as is */
  wrapCommand?: (command: { command: string; args: readonly string[]; root: string }) => WrappedCommand;
}

/** `LspOptions` with every default applied. */
export interface ResolvedLspOptions {
  readonly root: string;
  readonly servers: readonly ServerSpec[];
  readonly env: NodeJS.ProcessEnv;
  readonly startTimeoutMs: number;
  readonly maxFiles: number;
  readonly wrapCommand: NonNullable<LspOptions["wrapCommand"]>;
}

/** Checks and completes `createLsp`'s options; throws a TypeError naming the bad field. */
export function resolveLspOptions(options: LspOptions): ResolvedLspOptions {
  const {
    root,
    servers = [],
    builtins = true,
    env = process.env,
    startTimeoutMs = 30_000,
    maxFiles = 5000,
    wrapCommand = ({ command, args }) => ({ command, args, sameProcessView: true }),
  } = options ?? ({} as Partial<LspOptions>);
  if (typeof root !== "string" || root === "") {
    throw new TypeError(`createLsp: \`root\` must be a folder path; got ${JSON.stringify(root)}`);
  }
  if (!Array.isArray(servers)) {
    throw new TypeError(`createLsp: \`servers\` must be an array of server specs; got ${typeof servers}`);
  }
  for (const [i, s] of servers.entries()) checkSpec(s, i);
  for (const [name, value] of [
    ["startTimeoutMs", startTimeoutMs],
    ["maxFiles", maxFiles],
  ] as const) {
    if (!Number.isInteger(value) || value <= 0) {
      throw new TypeError(`createLsp: \`${name}\` must be a positive integer; got ${JSON.stringify(value)}`);
    }
  }
  const ids = new Set(servers.map((s) => s.id));
  const table = [...(builtins ? BUILTIN_SERVERS.filter((s) => !ids.has(s.id)) : []), ...servers];
  return {
    root: isAbsolute(root) ? resolve(root) : resolve(process.cwd(), root),
    servers: table,
    env,
    startTimeoutMs,
    maxFiles,
    wrapCommand,
  };
}

function checkSpec(spec: ServerSpec, i: number): void {
  const where = `createLsp: \`servers[${i}]\``;
  if (typeof spec !== "object" || spec === null) throw new TypeError(`${where} must be an object`);
  if (typeof spec.id !== "string" || spec.id === "")
    throw new TypeError(`${where}.id must be a non-empty string`);
  if (typeof spec.command !== "string" || spec.command === "") {
    throw new TypeError(`${where}.command must be an executable name; got ${JSON.stringify(spec.command)}`);
  }
  if (!Array.isArray(spec.args)) throw new TypeError(`${where}.args must be an array of strings`);
  if (typeof spec.languages !== "object" || spec.languages === null) {
    throw new TypeError(`${where}.languages must map extensions (".ts") to language ids`);
  }
  for (const ext of Object.keys(spec.languages)) {
    if (!ext.startsWith("."))
      throw new TypeError(`${where}.languages: extension "${ext}" must start with "."`);
  }
  if (!Array.isArray(spec.rootMarkers))
    throw new TypeError(`${where}.rootMarkers must be an array of file names`);
  if (typeof spec.install !== "string")
    throw new TypeError(`${where}.install must say how to install the server`);
}
