import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { Hooks, type HooksOptions } from "../engine/create-hooks.js";
import { JsonFileTrustStore, type TrustStore } from "../trust/trust-store.js";
import type { HooksConfig, ResolvedHook } from "./hook-config.js";
import { HooksConfigError } from "./hooks-config-error.js";
import { parseHooksConfig } from "./parse-hooks-config.js";

/** A project hooks file that did not run because the user has not trusted these bytes of it. */
export interface UntrustedFile {
  readonly file: string;
  readonly sha256: string;
  /** True when an earlier version of the file was trusted (it changed since). */
  readonly changed: boolean;
}

/** Options for `loadHooks`. */
export interface LoadHooksOptions extends HooksOptions {
  /** The project (workspace) root: where `.claude/` and `toolkit.hooks.json` are looked for. */
  projectDir: string;
  /** `false` turns hooks off: nothing is read and nothing runs. @default true */
  hooks?: boolean;
  /** Also read Claude Code's files: `~/.claude/settings.json`, `.claude/settings.json`, `.claude/settings.local.json`. @default false */
  claudeCode?: boolean;
  /** Where `~` is. @default os.homedir() */
  homeDir?: string;
  /** Files the host names (e.g. the playground's `--hooks`); the user chose them, so they need no trust record. @default [] */
  files?: readonly string[];
  /** Hooks from code, merged last. @default none */
  code?: HooksConfig;
  /** Trust records for project files. @default new JsonFileTrustStore(`<homeDir>/.toolkit/trusted-hooks.json`) */
  trust?: TrustStore;
  /** Asked about each untrusted project file; true records trust for its current hash and runs it. @default never asks */
  confirm?: (file: UntrustedFile) => boolean | Promise<boolean>;
}

/** What `loadHooks` found. */
export interface LoadedHooks {
  readonly hooks: Hooks;
  /** Files whose hooks were loaded, in merge order. */
  readonly files: readonly string[];
  /** Project files left out because they are not trusted. */
  readonly untrusted: readonly UntrustedFile[];
}

interface Candidate {
  readonly file: string;
  readonly needsTrust: boolean;
}

/**
 * Reads hooks from the files the host opts in to, merged in Claude Code's
 * order (user settings, project settings, local project settings), then
 * Toolkit's `toolkit.hooks.json` in the project, then `files`, then `code`.
 * Every handler of every file runs; nothing overrides. A file inside the
 * project runs only when the trust store holds its sha256 (or `confirm`
 * says yes), so a repository cannot run code by shipping a hooks file. A
 * missing file is skipped; a file that is not JSON, or holds a `hooks` value
 * Toolkit does not understand, throws a `HooksConfigError`.
 */
export async function loadHooks(options: LoadHooksOptions): Promise<LoadedHooks> {
  const { projectDir, hooks: enabled = true, claudeCode = false, files = [], code, confirm } = options;
  if (typeof projectDir !== "string" || projectDir === "") {
    throw new TypeError(
      `loadHooks: \`projectDir\` must be a directory path, got ${JSON.stringify(projectDir)}`,
    );
  }
  const home = options.homeDir ?? homedir();
  const hookOptions: HooksOptions = { ...options, projectDir: resolve(projectDir) };
  if (!enabled) return { hooks: new Hooks([], hookOptions), files: [], untrusted: [] };
  const root = resolve(projectDir);
  const trust = options.trust ?? new JsonFileTrustStore(join(home, ".toolkit", "trusted-hooks.json"));
  const candidates: Candidate[] = [];
  if (claudeCode) {
    candidates.push(
      { file: join(home, ".claude", "settings.json"), needsTrust: false },
      { file: join(root, ".claude", "settings.json"), needsTrust: true },
      { file: join(root, ".claude", "settings.local.json"), needsTrust: true },
    );
  }
  candidates.push({ file: join(root, "toolkit.hooks.json"), needsTrust: true });
  for (const file of files) candidates.push({ file: resolve(file), needsTrust: false });

  const all: ResolvedHook[] = [];
  const loaded: string[] = [];
  const untrusted: UntrustedFile[] = [];
  for (const { file, needsTrust } of candidates) {
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    // One read: the bytes hashed are the bytes parsed.
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    const parsed = parseFile(file, bytes);
    if (parsed.length === 0) continue;
    if (needsTrust && !(await trust.isTrusted(file, sha256))) {
      const changed = (await trust.list()).some((r) => r.file === file);
      const entry: UntrustedFile = { file, sha256, changed };
      if (confirm && (await confirm(entry)) === true) await trust.trust(file, sha256);
      else {
        untrusted.push(entry);
        continue;
      }
    }
    all.push(...parsed);
    loaded.push(file);
  }
  if (code) all.push(...parseHooksConfig(code, "code"));
  return { hooks: new Hooks(all, hookOptions), files: loaded, untrusted };
}

function parseFile(file: string, bytes: Buffer): ResolvedHook[] {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString("utf8"));
  } catch (error) {
    throw new HooksConfigError(`${file}: not valid JSON (${(error as Error).message})`, {
      source: file,
      field: "",
      cause: error,
    });
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    throw new HooksConfigError(`${file}: must hold a JSON object with a \`hooks\` key`, {
      source: file,
      field: "",
    });
  }
  const hooks = (json as { hooks?: unknown }).hooks;
  // Claude Code's settings hold much besides hooks (permissions, env, model): only `hooks` is read.
  if (hooks === undefined) return [];
  return parseHooksConfig(hooks, file);
}
