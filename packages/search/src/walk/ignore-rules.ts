import { compileGitignore, type GitignoreRules } from "./gitignore-rules.js";

/** The ignore files read in every directory, by kind, highest precedence first. */
export const IGNORE_FILE_NAMES = [".rgignore", ".ignore", ".gitignore"] as const;

/** A kind of ignore rules: the three per-directory files, then `.git/info/exclude`. */
export type IgnoreKind = (typeof IGNORE_FILE_NAMES)[number] | "exclude";

const KIND_ORDER: readonly IgnoreKind[] = [...IGNORE_FILE_NAMES, "exclude"];

/**
 * The rules of one directory: its base (relative to the root, "" for the
 * root) and one matcher per kind, indexed in precedence order
 * (`.rgignore`, `.ignore`, `.gitignore`, `exclude`).
 */
export interface IgnoreLevel {
  readonly base: string;
  readonly rules: ReadonlyArray<GitignoreRules | undefined>;
}

/** Builds a level from the text of the ignore files found in a directory (pure). */
export function ignoreLevel(options: { base: string; files: ReadonlyMap<IgnoreKind, string> }): IgnoreLevel {
  const { base, files } = options;
  const rules = KIND_ORDER.map((kind) => {
    const text = files.get(kind);
    return text === undefined ? undefined : compileGitignore(text);
  });
  return { base, rules };
}

/**
 * Whether `relative` (from the root, "/"-separated) is ignored by a stack of
 * levels ordered root first. Git's rules: within a kind the deepest directory
 * with a matching rule decides (its last matching rule wins, so `!x`
 * re-includes); kinds are consulted `.rgignore`, `.ignore`, `.gitignore`,
 * then `.git/info/exclude`, as ripgrep does. Parents are not consulted: the
 * walker never descends into an ignored directory, which is how git keeps a
 * path under an ignored parent ignored whatever a later `!rule` says.
 */
export function isIgnored(options: {
  levels: readonly IgnoreLevel[];
  relative: string;
  isDir: boolean;
}): boolean {
  const { levels, relative, isDir } = options;
  for (let kind = 0; kind < KIND_ORDER.length; kind++) {
    for (let i = levels.length - 1; i >= 0; i--) {
      const level = levels[i] as IgnoreLevel;
      const matcher = level.rules[kind];
      if (matcher === undefined) continue;
      const sub = level.base === "" ? relative : relative.slice(level.base.length + 1);
      const verdict = matcher.test(sub, isDir);
      if (verdict !== undefined) return verdict === "ignore";
    }
  }
  return false;
}
