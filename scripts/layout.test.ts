// One layout, enforced: a package's src/ is a folder per concern.
// ARCHITECTURE.md ("Inside a package") states the rule; this test keeps it
// true as packages grow. The top of src/ holds the public entry (index.ts,
// its type tests, the README example test `docs.test.ts`) and at most two package-wide
// entry points, each with its own tests; everything else lives in a folder
// named for its concern, and no file `x.ts` sits beside a folder `x/`.
import { existsSync, readdirSync, statSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const MAX_TOP_LEVEL_ENTRIES = 2;
const ALWAYS_ALLOWED = new Set(["index.ts", "index.test-d.ts", "docs.test.ts"]);

const packages = readdirSync(join(root, "packages")).filter((name) =>
  existsSync(join(root, "packages", name, "src")),
);

/** The source file a test file belongs to: `x.test.ts`, `x.hostile.test.ts` and `x.test-d.ts` belong to `x.ts`. */
function subjectOf(testFile: string): string {
  return `${testFile.replace(/\.test(-d)?\.ts$/, "").split(".")[0]}.ts`;
}

function isTest(file: string): boolean {
  return /\.test(-d)?\.ts$/.test(file);
}

/** Every `x.ts` that sits beside a folder `x/`, anywhere under dir. */
function clashes(dir: string): string[] {
  const entries = readdirSync(dir);
  const found: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (entries.includes(`${entry}.ts`)) found.push(relative(root, `${path}.ts`));
      found.push(...clashes(path));
    }
  }
  return found;
}

describe("package layout", () => {
  it.each(packages)("%s: src/ top level holds only the entry and at most two entry points", (pkg) => {
    const src = join(root, "packages", pkg, "src");
    const files = readdirSync(src).filter(
      (entry) => entry.endsWith(".ts") && statSync(join(src, entry)).isFile(),
    );
    const sources = files.filter((file) => !isTest(file) && !ALWAYS_ALLOWED.has(file));
    expect(
      sources.length,
      `top-level files in packages/${pkg}/src: ${sources.join(", ")}`,
    ).toBeLessThanOrEqual(MAX_TOP_LEVEL_ENTRIES);
    const strayTests = files.filter(
      (file) => isTest(file) && !ALWAYS_ALLOWED.has(file) && !files.includes(subjectOf(file)),
    );
    expect(strayTests, `tests at the top of packages/${pkg}/src whose code lives in a folder`).toEqual([]);
  });

  // `pnpm pack` ships every file whose name starts with "readme", whatever
  // `files` says, so a test named that way would reach users' node_modules.
  it.each(packages)("%s: no file under src/ is named readme*", (pkg) => {
    const named = (dir: string): string[] =>
      readdirSync(dir).flatMap((entry) => {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) return named(path);
        return /^readme/i.test(entry) ? [relative(root, path)] : [];
      });
    expect(named(join(root, "packages", pkg, "src"))).toEqual([]);
  });

  it.each(packages)("%s: no x.ts beside a folder x/", (pkg) => {
    expect(clashes(join(root, "packages", pkg, "src"))).toEqual([]);
  });

  it("knows the rule's vocabulary: a hostile test belongs to its subject", () => {
    expect(subjectOf("dispatch.hostile.test.ts")).toBe("dispatch.ts");
    expect(subjectOf("index.test-d.ts")).toBe("index.ts");
    expect(basename(subjectOf("create-search-tools.test.ts"))).toBe("create-search-tools.ts");
  });
});
