import { isJsonObject, type JsonValue, ToolError } from "@toolkit/core";

/** Alias name -> canonical name, for one object level. */
export type AliasTable = ReadonlyMap<string, string>;

/** The aliases of the fs family: `path` ~ `file_path`, `old_str`/`new_str` ~ `old_string`/`new_string`. */
export const FS_ALIASES: AliasTable = new Map([
  ["path", "file_path"],
  ["old_str", "old_string"],
  ["new_str", "new_string"],
]);

/** The same pairs the other way round, for the Loom tools whose canonical names are `path`, `old_str`, `new_str`. */
export const LOOM_ALIASES: AliasTable = new Map([
  ["file_path", "path"],
  ["old_string", "old_str"],
  ["new_string", "new_str"],
]);

/** Input with aliases renamed, and what was renamed (`[sent, canonical]` field paths). */
export interface Aliased {
  readonly input: unknown;
  readonly renamed: ReadonlyArray<readonly [string, string]>;
}

/**
 * Renames alias fields to their canonical names, at the top level and in the
 * objects of the array fields listed in `nested` (e.g. `edits`). When both
 * the alias and the canonical field arrive, the canonical one wins. A
 * `__proto__` key (an own field of parsed JSON) is refused with an
 * `InvalidInput` naming it, rather than copied into the prototype. Pure.
 */
export function applyAliases(input: unknown, aliases: AliasTable, nested: readonly string[] = []): Aliased {
  const renamed: Array<readonly [string, string]> = [];
  if (!isJsonObject(input)) return { input, renamed };
  const top = renameLevel(input, aliases, "", renamed);
  for (const field of nested) {
    const items = top[field];
    if (!Array.isArray(items)) continue;
    top[field] = items.map((item, i) =>
      isJsonObject(item) ? renameLevel(item, aliases, `${field}[${i}].`, renamed) : item,
    );
  }
  return { input: top, renamed };
}

function renameLevel(
  value: { [k: string]: JsonValue },
  aliases: AliasTable,
  prefix: string,
  renamed: Array<readonly [string, string]>,
): { [k: string]: JsonValue } {
  const out: { [k: string]: JsonValue } = {};
  for (const [key, v] of Object.entries(value)) {
    // Assigned to `out`, a `__proto__` key would become its prototype, and its fields the input's.
    if (key === "__proto__") {
      throw ToolError.invalidInput(
        `\`${prefix}__proto__\` is not accepted as a field: it would set the prototype of the input object, not a field of it; send only the fields of the schema`,
      );
    }
    const canonical = aliases.get(key);
    if (canonical === undefined) {
      out[key] = v;
    } else if (!Object.hasOwn(value, canonical)) {
      out[canonical] = v;
      renamed.push([prefix + key, prefix + canonical]);
    }
  }
  return out;
}

/**
 * Rewrites an error about a renamed field so it names what arrived:
 * `` `file_path` `` becomes `` `file_path` (sent as `path`) ``.
 */
export function nameWhatArrived(error: ToolError, renamed: Aliased["renamed"]): ToolError {
  let message = error.message;
  for (const [sent, canonical] of renamed) {
    message = message.split(`\`${canonical}\``).join(`\`${canonical}\` (sent as \`${sent}\`)`);
  }
  if (message === error.message) return error;
  return new ToolError(error.kind, message, { advice: error.advice, cause: error.cause });
}
