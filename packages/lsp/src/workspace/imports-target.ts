import { dirname, extname, join, relative, sep } from "node:path";

const JS_SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"'\n]*|\.{1,2})["']/g;
const JS_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", ".d.ts"];
/** `./a.js` written in a TypeScript file names `a.ts` (NodeNext style). */
const JS_TO_TS: Readonly<Record<string, readonly string[]>> = {
  ".js": [".ts", ".tsx"],
  ".jsx": [".tsx"],
  ".mjs": [".mts"],
  ".cjs": [".cts"],
};

/**
 * True when `importer`'s text imports `target` through a relative
 * specifier (`import`, `export … from`, `import()`, `require()`), with the
 * resolution rules of TypeScript: extension optional, `.js` naming `.ts`,
 * a folder naming its `index`. Pure: compares paths, reads no files.
 */
export function jsImportsTarget(importer: string, text: string, target: string): boolean {
  return importedPaths(importer, text, false, "").includes(target);
}

/**
 * What a file imports, as the paths (JS/TS: every file a relative specifier
 * may name) or module names (Python: `a.b`, and `a.b.x` for `from a.b import x`)
 * that a target is compared with. Pure.
 */
export function importedPaths(importer: string, text: string, python: boolean, root: string): string[] {
  if (python) return pyImportedModules(importer, text, root);
  const out: string[] = [];
  for (const match of text.matchAll(JS_SPECIFIER))
    out.push(...candidates(join(dirname(importer), match[1] as string)));
  return out;
}

function candidates(base: string): string[] {
  const out = [base];
  const ext = extname(base);
  const stem = base.slice(0, base.length - ext.length);
  for (const ts of JS_TO_TS[ext] ?? []) out.push(stem + ts);
  for (const e of JS_EXTENSIONS) out.push(base + e, join(base, `index${e}`));
  return out;
}

const PY_IMPORT = /^\s*import\s+([\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*)/gm;
const PY_FROM = /^\s*from\s+(\.*[\w.]*)\s+import\s+\(?([\w\s,*]+)/gm;

/**
 * True when the Python file `importer` imports the module of `target`
 * (`import a.b`, `from a.b import x`, `from a import b`, relative forms),
 * modules being named from `root`. Pure.
 */
export function pyImportsTarget(importer: string, text: string, target: string, root: string): boolean {
  const module = pyModuleOf(target, root);
  return module !== undefined && pyImportedModules(importer, text, root).includes(module);
}

function pyImportedModules(importer: string, text: string, root: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(PY_IMPORT)) {
    for (const part of (m[1] as string).split(",")) out.push(part.trim().split(/\s+/)[0] ?? "");
  }
  for (const m of text.matchAll(PY_FROM)) {
    const from = absoluteModule(m[1] as string, importer, root);
    if (from === undefined) continue;
    out.push(from);
    for (const name of (m[2] as string).split(",")) {
      const n = name.trim().split(/\s+/)[0] ?? "";
      if (n !== "" && n !== "*") out.push(from === "" ? n : `${from}.${n}`);
    }
  }
  return out.filter((m) => m !== "");
}

/** `a/b.py` → `a.b`, `a/__init__.py` → `a`; undefined outside `root`. */
export function pyModuleOf(path: string, root: string): string | undefined {
  const rel = relative(root, path);
  if (rel.startsWith("..")) return undefined;
  const parts = rel.slice(0, rel.length - extname(rel).length).split(sep);
  if (parts[parts.length - 1] === "__init__") parts.pop();
  return parts.join(".");
}

function absoluteModule(spec: string, importer: string, root: string): string | undefined {
  const dots = /^\.*/.exec(spec)?.[0].length ?? 0;
  if (dots === 0) return spec;
  let dir = dirname(importer);
  for (let i = 1; i < dots; i++) dir = dirname(dir);
  const base = pyModuleOf(join(dir, "__init__.py"), root);
  if (base === undefined) return undefined;
  const rest = spec.slice(dots);
  return [base, rest].filter((s) => s !== "").join(".");
}
