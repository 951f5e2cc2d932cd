/** How to read diagnostics from a server. */
export type DiagnosticsMode =
  /** Ask tsserver through `workspace/executeCommand` `typescript.tsserverRequest` (typescript-language-server). */
  | "tsserver"
  /** `textDocument/diagnostic` when the server offers it, else wait for `publishDiagnostics`. */
  | "pull";

/** What a server's `initializationOptions` may depend on. */
export interface InitContext {
  /** The workspace root the server serves. */
  readonly root: string;
  /** The first `node_modules/<rel>` found from the root upward, then from `@toolkit/lsp`'s folder. */
  readonly findModule: (rel: string) => string | undefined;
}

/** One language server in the table. */
export interface ServerSpec {
  /** A unique id, e.g. `typescript`, `pyright`. */
  readonly id: string;
  /** File extensions it serves, with the dot, mapped to their LSP language id. */
  readonly languages: Readonly<Record<string, string>>;
  /** The executable's name, looked up in `node_modules/.bin` then `PATH`. */
  readonly command: string;
  /** Arguments, e.g. `["--stdio"]`. */
  readonly args: readonly string[];
  /** What to install when the executable is missing, e.g. `npm i -D pyright`. */
  readonly install: string;
  /** Files that mark a project root (the nearest folder holding one, inside the workspace, is the server's root). */
  readonly rootMarkers: readonly string[];
  /** @default "pull" */
  readonly diagnostics?: DiagnosticsMode;
  /** The `initializationOptions` sent with `initialize`. */
  readonly initializationOptions?: (context: InitContext) => unknown;
  /** Answers to `workspace/configuration` by section (`null` for others). */
  readonly settings?: Readonly<Record<string, unknown>>;
}

const TS_LANGUAGES = {
  ".ts": "typescript",
  ".tsx": "typescriptreact",
  ".mts": "typescript",
  ".cts": "typescript",
  ".js": "javascript",
  ".jsx": "javascriptreact",
  ".mjs": "javascript",
  ".cjs": "javascript",
};

/**
 * The built-in table: TypeScript/JavaScript (typescript-language-server 5.x
 * with typescript 5.9), Python (pyright), and gopls, rust-analyzer and clangd
 * when their binaries are on `PATH`.
 */
export const BUILTIN_SERVERS: readonly ServerSpec[] = [
  {
    id: "typescript",
    languages: TS_LANGUAGES,
    command: "typescript-language-server",
    args: ["--stdio"],
    install: "npm i -D typescript-language-server@5 typescript@5.9",
    rootMarkers: ["tsconfig.json", "jsconfig.json", "package.json"],
    diagnostics: "tsserver",
    initializationOptions: ({ findModule }) => {
      const tsserver = findModule("typescript/lib/tsserver.js");
      return {
        // Rename at a use site must rename the symbol, not alias it (`import { a as b }`).
        preferences: { providePrefixAndSuffixTextForRename: false, includePackageJsonAutoImports: "off" },
        disableAutomaticTypingAcquisition: true,
        ...(tsserver === undefined ? {} : { tsserver: { path: tsserver } }),
      };
    },
  },
  {
    id: "pyright",
    languages: { ".py": "python", ".pyi": "python" },
    command: "pyright-langserver",
    args: ["--stdio"],
    install: "npm i -D pyright",
    rootMarkers: ["pyrightconfig.json", "pyproject.toml", "setup.py", "setup.cfg"],
    settings: { python: {}, "python.analysis": { diagnosticMode: "openFilesOnly" } },
  },
  {
    id: "gopls",
    languages: { ".go": "go" },
    command: "gopls",
    args: [],
    install: "go install golang.org/x/tools/gopls@latest",
    rootMarkers: ["go.mod", "go.work"],
  },
  {
    id: "rust-analyzer",
    languages: { ".rs": "rust" },
    command: "rust-analyzer",
    args: [],
    install: "rustup component add rust-analyzer",
    rootMarkers: ["Cargo.toml"],
  },
  {
    id: "clangd",
    languages: { ".c": "c", ".h": "c", ".cc": "cpp", ".cpp": "cpp", ".hpp": "cpp", ".cxx": "cpp" },
    command: "clangd",
    args: [],
    install: "apt install clangd",
    rootMarkers: ["compile_commands.json", "compile_flags.txt", ".clangd"],
  },
];
