// The architecture, enforced: which @toolkit/* package a package's shipped
// source may import. ARCHITECTURE.md at the repo root explains the layers;
// this table is the same rule in a form a test can check. A new package must
// be added here before its code can import anything of ours.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");

/** Families: tools for one kind of resource. They build on core alone. */
const FAMILY = ["core"];
/** Engines and hosts: they consume tools through the registry. */
const ON_REGISTRY = ["core", "registry"];

/**
 * Allowed imports of each package's shipped source (tests may import more).
 * `internal` is the private workspace package bundled into its users.
 */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  internal: [],
  core: [],
  registry: ["core"],
  middleware: ON_REGISTRY,
  derive: ["core"],
  fs: FAMILY,
  search: FAMILY,
  shell: FAMILY,
  "web-search": FAMILY,
  "web-fetch": FAMILY,
  loop: ON_REGISTRY,
  mcp: ON_REGISTRY,
  // Its `./runs` subpath (RedisRunStore) keeps loop runs; loop is an optional peer dependency.
  queue: [...ON_REGISTRY, "loop"],
  memory: [...ON_REGISTRY, "loop"],
  // A composition: Loom's registry in one call (its families) and the oracle (a loop run).
  loom: [...ON_REGISTRY, "loop", "fs", "shell", "web-search"],
  // Language servers: the diagnostics middleware (registry), Rename through fs's stale guard, the shell's sandbox policy.
  lsp: [...ON_REGISTRY, "fs", "shell"],
  // Checkpoints: a layer (registry) that reads Shell's command analysis and clears the fs stale guard.
  checkpoint: [...ON_REGISTRY, "fs", "shell"],
  // Users' hook scripts: registry middleware (tool events), a loop gate (loop events), web-fetch's SSRF guard (http hooks).
  hooks: [...ON_REGISTRY, "loop", "web-fetch"],
  "ai-sdk": ON_REGISTRY,
  "openai-agents": ON_REGISTRY,
  langchain: ON_REGISTRY,
  // Test-only: what the packages' tests share. No shipped source may import
  // it (it is in no other package's row); test files may.
  "test-kit": ON_REGISTRY,
};
/** Private workspace packages that may be imported from anywhere (bundled at build time). */
const EVERYWHERE = ["internal"];
/** Private packages only tests may import. */
const TEST_ONLY = ["test-kit"];

const packages = readdirSync(join(root, "packages")).filter((name) =>
  existsSync(join(root, "packages", name, "package.json")),
);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (entry !== "test" && entry !== "testing-internal") out.push(...sourceFiles(path));
    } else if (
      /\.(ts|mts|tsx)$/.test(entry) &&
      !/\.test(-d)?\.ts$/.test(entry) &&
      !entry.startsWith("test-")
    ) {
      out.push(path);
    }
  }
  return out;
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']@toolkit\/([a-z0-9-]+)(?:\/[^"']*)?["']/g;

/** Every @toolkit/* package a file imports (static, type-only and literal dynamic imports). */
function toolkitImports(text: string): string[] {
  return [...text.matchAll(IMPORT)].map((m) => m[1] as string);
}

describe("import edges", () => {
  it("reads static, type-only, re-export and dynamic imports", () => {
    const text = [
      'import { a } from "@toolkit/core";',
      'import type { B } from "@toolkit/registry/adapter";',
      'export { c } from "@toolkit/fs";',
      'const m = await import("@toolkit/shell");',
      'import "@toolkit/search";',
      'const s = "@toolkit/loop"; // a string, not an import',
    ].join("\n");
    expect(toolkitImports(text)).toEqual(["core", "registry", "fs", "shell", "search"]);
  });

  it("knows every package", () => {
    const unknown = packages.filter((name) => !(name in ALLOWED) && !EVERYWHERE.includes(name));
    expect(unknown, "add the new package to ALLOWED in scripts/import-edges.test.ts").toEqual([]);
  });

  describe.each(packages.filter((name) => name in ALLOWED))("@toolkit/%s", (name) => {
    const dir = join(root, "packages", name);
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    const declared = new Set(
      Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies, ...pkg.devDependencies }).map((d) =>
        d.replace("@toolkit/", ""),
      ),
    );
    const edges = sourceFiles(join(dir, "src")).flatMap((file) =>
      toolkitImports(readFileSync(file, "utf8"))
        .filter((to) => to !== name)
        .map((to) => ({ file: relative(root, file), to })),
    );

    it("never imports a test-only package from shipped source", () => {
      const bad = edges.filter((e) => TEST_ONLY.includes(e.to)).map((e) => `${e.file} -> @toolkit/${e.to}`);
      expect(bad).toEqual([]);
    });

    it("imports only the layers below it", () => {
      const allowed = [...(ALLOWED[name] ?? []), ...EVERYWHERE];
      const bad = edges.filter((e) => !allowed.includes(e.to)).map((e) => `${e.file} -> @toolkit/${e.to}`);
      expect(bad).toEqual([]);
    });

    it("declares what it imports", () => {
      const undeclared = edges
        .filter((e) => !EVERYWHERE.includes(e.to) && !declared.has(e.to))
        .map((e) => `${e.file} -> @toolkit/${e.to}`);
      expect(undeclared).toEqual([]);
    });
  });
});
