import picomatch from "picomatch";
import { translateRegex } from "../js-engine/translate-regex.js";
import { symbolLanguages } from "./symbol-patterns.js";

/** One search over every language: the union of their patterns, limited to their files. */
export function symbolPattern(name: string): { pattern: string; globs: string[] } {
  const languages = symbolLanguages(name);
  return {
    pattern: languages.flatMap((l) => l.patterns.map((p) => `(?:${p})`)).join("|"),
    globs: [...new Set(languages.flatMap((l) => l.globs))],
  };
}

/**
 * Keeps a matched line only when it defines the name in the language of its
 * file (the union pattern could match, say, a Python `def` in a C file).
 */
export function symbolFilter(name: string): (path: string, line: string) => boolean {
  const checks = symbolLanguages(name).map((l) => {
    const { source, flags } = translateRegex({ pattern: l.patterns.map((p) => `(?:${p})`).join("|") });
    const regex = new RegExp(source, flags.replace("g", ""));
    return { isFile: picomatch([...l.globs], { basename: true }), regex };
  });
  return (path, line) => checks.some((c) => c.isFile(path) && c.regex.test(line));
}
