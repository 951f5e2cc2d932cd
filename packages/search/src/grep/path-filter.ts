import { ToolError } from "@toolkit/core";
import picomatch from "picomatch";
import { compileGitignore, type GitignoreRules } from "../walk/gitignore-rules.js";
import { FILE_TYPES } from "./file-types.js";

/** Decides from a workspace-relative path whether Grep's `glob` and `type` filters keep a file. Pure. */
export type PathFilter = (relative: string) => boolean;

interface Override {
  readonly negated: boolean;
  /** One matcher per brace alternative: the glob matches when any does. */
  readonly matchers: readonly GitignoreRules[];
}

/**
 * Builds the filter for Grep's `glob` and `type` fields with ripgrep's
 * semantics: globs are gitignore-style and matched from the workspace root
 * (a glob without "/" matches a name at any depth); the last matching glob
 * wins; `!glob` excludes, and a directory it matches excludes all below;
 * when any positive glob is given, a file must match one. `type` keeps files
 * whose name matches one of the type's globs.
 */
export function pathFilter(options: { globs: readonly string[]; type?: string | undefined }): PathFilter {
  const { globs, type } = options;
  const overrides: Override[] = globs.map((glob) => {
    const negated = glob.startsWith("!");
    return {
      negated,
      matchers: expandBraces(negated ? glob.slice(1) : glob).map((g) => compileGitignore(g)),
    };
  });
  const positive = overrides.some((o) => !o.negated);
  const typeMatch = type === undefined ? undefined : typeMatcher(type);
  return (relative) => {
    const parts = relative.split("/");
    if (typeMatch && !typeMatch(parts[parts.length - 1] as string)) return false;
    if (overrides.length === 0) return true;
    for (let i = 1; i < parts.length; i++) {
      if (lastMatch(overrides, parts.slice(0, i).join("/"), true)?.negated === true) return false;
    }
    const own = lastMatch(overrides, relative, false);
    return own === undefined ? !positive : !own.negated;
  };
}

function lastMatch(overrides: readonly Override[], path: string, isDir: boolean): Override | undefined {
  for (let i = overrides.length - 1; i >= 0; i--) {
    const o = overrides[i] as Override;
    if (o.matchers.some((m) => m.test(path, isDir) === "ignore")) return o;
  }
  return undefined;
}

/**
 * Expands `{a,b}` alternatives (nested too) as ripgrep's globs do; gitignore
 * rules have none. `\{` stays literal. Pure.
 */
export function expandBraces(glob: string): string[] {
  let depth = 0;
  let open = -1;
  const commas: number[] = [];
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === "\\") i++;
    else if (c === "{") {
      if (depth++ === 0) open = i;
    } else if (c === "," && depth === 1) commas.push(i);
    else if (c === "}" && depth > 0 && --depth === 0) {
      const head = glob.slice(0, open);
      const tail = glob.slice(i + 1);
      const cuts = [open, ...commas, i];
      return cuts
        .slice(0, -1)
        .flatMap((from, k) => expandBraces(`${head}${glob.slice(from + 1, cuts[k + 1])}${tail}`));
    }
  }
  return [glob];
}

/** The name matcher of a known file type; an unknown type is `InvalidInput` listing the known ones. */
export function typeMatcher(type: string): (name: string) => boolean {
  const globs = FILE_TYPES.get(type);
  if (globs === undefined) {
    throw ToolError.invalidInput(
      `\`type\` "${type}" is not a known file type. Known types: ${[...FILE_TYPES.keys()].join(", ")}`,
      { advice: 'Pass one of the known types, or filter with `glob` (e.g. "*.ext") instead.' },
    );
  }
  return picomatch([...globs], { dot: true });
}
