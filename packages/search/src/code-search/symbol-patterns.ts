/** A language's definition patterns (ripgrep syntax, common subset) for one name. */
export interface SymbolLanguage {
  readonly language: string;
  /** File-name globs of the language. */
  readonly globs: readonly string[];
  /** Patterns whose match on a line means the line defines the name. */
  readonly patterns: readonly string[];
}

/** Escapes a name for use inside a ripgrep pattern. */
export function escapeName(name: string): string {
  return name.replace(/[\\^$.*+?()[\]{}|#&~-]/g, (c) => `\\${c}`);
}

/**
 * Definition patterns of `name` in TypeScript/JavaScript, Python, Go, Rust,
 * Java, C/C++ and Ruby: functions, classes, methods, types, interfaces,
 * constants, `def`, `fn`, `struct`, `enum`, ... Pure.
 */
export function symbolLanguages(name: string): SymbolLanguage[] {
  const n = escapeName(name);
  const b = `${n}\\b`;
  return [
    {
      language: "TypeScript/JavaScript",
      globs: ["*.ts", "*.tsx", "*.mts", "*.cts", "*.js", "*.jsx", "*.mjs", "*.cjs"],
      patterns: [
        `\\b(function\\*?|class|interface|type|enum|namespace|module)\\s+${b}`,
        `\\b(const|let|var)\\s+${b}`,
        `^\\s*((public|private|protected|static|async|override|readonly|abstract|declare|get|set)\\s+)*\\*?${n}\\s*(<[^>]*>)?\\s*\\([^;]*$`,
        `^\\s*((public|private|protected|static|readonly|declare)\\s+)*${n}\\s*[?!]?\\s*[:=]\\s*(async\\s*)?(\\([^)]*\\)|\\w+)\\s*(:[^=]*)?=>`,
      ],
    },
    {
      language: "Python",
      globs: ["*.py", "*.pyi"],
      patterns: [`^\\s*(async\\s+)?def\\s+${b}`, `^\\s*class\\s+${b}`, `^${n}\\s*(:[^=]*)?=[^=]`],
    },
    {
      language: "Go",
      globs: ["*.go"],
      patterns: [`^func\\s+(\\([^)]*\\)\\s*)?${b}`, `^\\s*type\\s+${b}`, `^\\s*(const|var)\\s+${b}`],
    },
    {
      language: "Rust",
      globs: ["*.rs"],
      patterns: [
        `^\\s*(pub(\\([^)]*\\))?\\s+)?((async|const|unsafe|extern)\\s+)*(fn|struct|enum|trait|type|mod|const|static|union)\\s+${b}`,
        `^\\s*macro_rules!\\s*${b}`,
      ],
    },
    {
      language: "Java",
      globs: ["*.java"],
      patterns: [
        `\\b(class|interface|enum|record)\\s+${b}`,
        `^\\s*((public|private|protected|static|final|abstract|synchronized|native|default)\\s+)*[\\w<>\\[\\],.? ]+\\s+${n}\\s*\\([^;]*$`,
      ],
    },
    {
      language: "C/C++",
      globs: ["*.c", "*.h", "*.cc", "*.cpp", "*.cxx", "*.hpp", "*.hh", "*.hxx"],
      patterns: [
        `^[\\w\\s*&:<>,~]*\\b${n}\\s*\\([^;]*$`,
        `\\b(struct|class|union|enum|typedef|namespace)\\s+(class\\s+)?${b}`,
        `^\\s*#\\s*define\\s+${b}`,
        `^\\s*typedef\\s+[^;]*\\b${n}\\s*;`,
      ],
    },
    {
      language: "Ruby",
      globs: ["*.rb", "*.rake", "*.gemspec"],
      patterns: [
        `^\\s*def\\s+(self\\.)?${n}[\\s(=?!]|^\\s*def\\s+(self\\.)?${n}$`,
        `^\\s*(class|module)\\s+${b}`,
        `^\\s*${n}\\s*=[^=]`,
      ],
    },
  ];
}
