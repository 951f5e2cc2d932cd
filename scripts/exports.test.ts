import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const packages = readdirSync(join(root, "packages")).filter((name) =>
  existsSync(join(root, "packages", name, "package.json")),
);

type Target = string | { [condition: string]: Target };

/** Every file an exports map points at for the `types` and `import` conditions. */
function targets(exportsMap: Record<string, Target>): Array<[string, string, string]> {
  const out: Array<[string, string, string]> = [];
  for (const [sub, target] of Object.entries(exportsMap)) {
    if (typeof target === "string") out.push([sub, "default", target]);
    else
      for (const cond of ["types", "import"])
        if (typeof target[cond] === "string") out.push([sub, cond, target[cond]]);
  }
  return out;
}

describe("package exports", () => {
  describe.each(packages)("when @toolkit/%s is built", (name) => {
    const dir = join(root, "packages", name);
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    it("is ESM, side-effect free and lists types first", () => {
      expect(pkg.type).toBe("module");
      expect(pkg.sideEffects).toBe(false);
      expect(pkg.exports["./package.json"]).toBe("./package.json");
      for (const target of Object.values(pkg.exports as Record<string, Target>)) {
        if (typeof target === "object") expect(Object.keys(target)[0]).toBe("types");
      }
    });
    it.each(targets(pkg.exports))("resolves %s (%s) to a built file", async (sub, cond, file) => {
      expect(existsSync(join(dir, file)), `${file} missing: run pnpm build`).toBe(true);
      if (cond === "import") {
        const mod = await import(pathToFileURL(join(dir, file)).href);
        expect(Object.keys(mod).length, `${sub} exports nothing`).toBeGreaterThan(0);
      }
    });
  });
});
