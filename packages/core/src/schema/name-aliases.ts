import { canonicalJson, isJsonObject } from "../json/json.js";
import { ToolError } from "../errors/error.js";

/** A field renamed by `normalizeInput`: the path it arrived as, and its canonical path. */
export type RenamedField = readonly [sent: string, canonical: string];

/**
 * The fields `normalizeInput` renamed, found by comparing the input as it
 * arrived with the normalized input: at each object level (and in the
 * objects of arrays of equal length), a field that disappeared is paired
 * with a field that appeared when the pairing is unambiguous (one of each,
 * or exactly one holding the same value). Pure; never throws.
 *
 * @example renamedFields({ path: "a" }, { file_path: "a" }) // [["path", "file_path"]]
 */
export function renamedFields(sent: unknown, normalized: unknown): RenamedField[] {
  const out: RenamedField[] = [];
  collect(sent, normalized, "", out);
  return out;
}

function collect(sent: unknown, normalized: unknown, prefix: string, out: RenamedField[]): void {
  if (Array.isArray(sent) && Array.isArray(normalized) && sent.length === normalized.length) {
    sent.forEach((item, i) => {
      collect(item, normalized[i], `${prefix.replace(/\.$/, "")}[${i}].`, out);
    });
    return;
  }
  if (!isJsonObject(sent) || !isJsonObject(normalized)) return;
  const gone = Object.keys(sent).filter((k) => !Object.hasOwn(normalized, k));
  const came = Object.keys(normalized).filter((k) => !Object.hasOwn(sent, k));
  const oneEach = gone.length === 1 && came.length === 1;
  for (const key of came) {
    const candidates = oneEach ? gone : gone.filter((g) => sameValue(sent[g], normalized[key]));
    const [from] = candidates;
    if (candidates.length !== 1 || from === undefined) continue;
    if (!oneEach && came.filter((c) => sameValue(sent[from], normalized[c])).length !== 1) continue;
    out.push([prefix + from, prefix + key]);
  }
  for (const key of Object.keys(normalized)) {
    if (Object.hasOwn(sent, key)) collect(sent[key], normalized[key], `${prefix}${key}.`, out);
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  try {
    return canonicalJson(a) === canonicalJson(b);
  } catch {
    return false;
  }
}

/**
 * The same error naming each renamed field as it arrived:
 * `` `file_path` `` becomes `` `file_path` (sent as `path`) ``. Other errors,
 * and errors that name no renamed field, are returned as they are.
 */
export function nameFieldsAsSent(error: unknown, renamed: readonly RenamedField[]): unknown {
  if (renamed.length === 0 || !ToolError.is(error)) return error;
  let message = error.message;
  for (const [sent, canonical] of renamed) {
    message = message.split(`\`${canonical}\``).join(`\`${canonical}\` (sent as \`${sent}\`)`);
  }
  if (message === error.message) return error;
  return new ToolError(error.kind, message, { advice: error.advice, cause: error.cause });
}
