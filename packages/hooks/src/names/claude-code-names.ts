import { isAbsolute, relative, resolve, sep } from "node:path";
import type { JsonValue, Tool } from "@toolkit/core";

type Fields = { [k: string]: JsonValue };

/** A Toolkit tool's call in Claude Code's vocabulary. */
export interface ClaudeCodeCall {
  /** `Bash`, `Read`, ..., `mcp__<server>__<tool>`, or the tool's own name when Claude Code has none like it. */
  readonly name: string;
  readonly input: Fields;
}

interface Mapping {
  readonly name: string;
  /** Toolkit fields → Claude Code fields. */
  readonly renames: readonly (readonly [toolkit: string, claude: string])[];
  /** Path fields, shown absolute. */
  readonly paths: readonly string[];
}

const MAPPINGS: ReadonlyMap<string, Mapping> = new Map([
  ["Shell", { name: "Bash", renames: [["background", "run_in_background"]], paths: [] }],
  ["Read", { name: "Read", renames: [], paths: ["file_path"] }],
  ["Write", { name: "Write", renames: [], paths: ["file_path"] }],
  ["Edit", { name: "Edit", renames: [], paths: ["file_path"] }],
  ["MultiEdit", { name: "MultiEdit", renames: [], paths: ["file_path"] }],
  ["Glob", { name: "Glob", renames: [], paths: ["path"] }],
  [
    "Grep",
    {
      name: "Grep",
      renames: [
        ["case_insensitive", "-i"],
        ["line_numbers", "-n"],
        ["after", "-A"],
        ["before", "-B"],
        ["context", "-C"],
      ],
      paths: ["path"],
    },
  ],
  ["WebFetch", { name: "WebFetch", renames: [], paths: [] }],
  ["WebSearch", { name: "WebSearch", renames: [], paths: [] }],
  ["Task", { name: "Task", renames: [], paths: [] }],
  ["TodoWrite", { name: "TodoWrite", renames: [], paths: [] }],
]);

/** An MCP import exposes its server's name and the tool's name there (duck-typed: hooks do not depend on @toolkit/mcp). */
function mcpName(tool: Tool | undefined): string | undefined {
  const t = tool as { serverName?: unknown; remoteName?: unknown } | undefined;
  if (t && typeof t.serverName === "string" && typeof t.remoteName === "string") {
    return `mcp__${t.serverName}__${t.remoteName}`;
  }
  return undefined;
}

/** The name a hook's matcher sees for a Toolkit tool (see `toClaudeCode`). */
export function claudeCodeName(name: string, tool: Tool | undefined): string {
  return mcpName(tool) ?? MAPPINGS.get(name)?.name ?? name;
}

/**
 * The name and input a hook sees. Shell becomes `Bash` with `timeout` in
 * milliseconds and `run_in_background` (its `cwd` stays as an extra field);
 * file paths are absolute; Grep's flags take their `-i`/`-n`/`-A`/`-B`/`-C`
 * names; an MCP import is `mcp__<server>__<tool>`. Other tools keep their
 * name and input.
 */
export function toClaudeCode(
  name: string,
  tool: Tool | undefined,
  input: unknown,
  cwd: string,
): ClaudeCodeCall {
  const fields: Fields = isRecord(input) ? { ...(input as Fields) } : {};
  const mcp = mcpName(tool);
  if (mcp) return { name: mcp, input: fields };
  const mapping = MAPPINGS.get(name);
  if (!mapping) return { name, input: fields };
  for (const key of mapping.paths) {
    const v = fields[key];
    if (typeof v === "string" && v !== "") fields[key] = resolve(cwd, v);
  }
  for (const [from, to] of mapping.renames) rename(fields, from, to);
  if (name === "Shell" && typeof fields.timeout_s === "number") {
    fields.timeout = Math.round(fields.timeout_s * 1000);
    delete fields.timeout_s;
  }
  return { name: mapping.name, input: fields };
}

/**
 * A hook's `updatedInput`, in Claude Code's vocabulary, back in the Toolkit
 * tool's fields: the inverse of `toClaudeCode`. A path is given back as the
 * model wrote it when it still names the same file, relative to `cwd` when
 * it lies inside it, and absolute otherwise. Fields neither side knows are
 * kept, so schema validation refuses them.
 */
export function fromClaudeCode(
  name: string,
  tool: Tool | undefined,
  updated: Fields,
  original: unknown,
  cwd: string,
): Fields {
  const fields: Fields = { ...updated };
  if (mcpName(tool)) return fields;
  const mapping = MAPPINGS.get(name);
  if (!mapping) return fields;
  for (const [from, to] of mapping.renames) rename(fields, to, from);
  if (name === "Shell" && "timeout" in fields) {
    const ms = fields.timeout;
    // A non-number is handed on under its Toolkit name, for validation to refuse.
    fields.timeout_s = typeof ms === "number" ? ms / 1000 : (ms ?? null);
    delete fields.timeout;
  }
  const before = isRecord(original) ? original : {};
  for (const key of mapping.paths) {
    const v = fields[key];
    if (typeof v !== "string" || !isAbsolute(v)) continue;
    const was = before[key];
    if (typeof was === "string" && resolve(cwd, was) === v) fields[key] = was;
    else {
      const rel = relative(cwd, v);
      if (rel !== "" && !rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel)) fields[key] = rel;
    }
  }
  return fields;
}

function rename(fields: Fields, from: string, to: string): void {
  if (!(from in fields)) return;
  fields[to] = fields[from] as JsonValue;
  delete fields[from];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
