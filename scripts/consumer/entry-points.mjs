#!/usr/bin/env node
// The entry-point check: packs every public package with `pnpm pack`, as the
// root README tells users to, installs the tarballs with plain npm into a new
// project outside the repo, and then
//   - type-checks a file that imports every public entry point with `tsc
//     --noEmit`, once under `moduleResolution: NodeNext` and once under
//     `bundler` (a declaration that names an unpublished package, such as
//     `@toolkit/internal`, fails here);
//   - runs the same imports under Node;
//   - compiles and runs the root README's "Use Toolkit in your own project"
//     example, so the example stays true.
//
//   node scripts/consumer/entry-points.mjs [--json FILE]
//
// Needs a build first (pnpm build) and the npm registry. Prints a line per
// step and `N passed, N failed`; exits 1 when any failed.
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pnpmCommand } from "../pnpm-command.mjs";

const root = new URL("../..", import.meta.url).pathname;
const args = process.argv.slice(2);
const jsonOut = args.includes("--json") ? args[args.indexOf("--json") + 1] : undefined;
const rootPkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const pnpm = pnpmCommand();
const typescript = rootPkg.devDependencies.typescript;

/** Peers of the public packages, at the majors this machine's Node (20) runs. */
const PEERS = {
  ai: "^6.0.0",
  "@openai/agents": "~0.14.3",
  "@langchain/core": "^1.0.0",
  zod: "^4.1.0",
  "@opentelemetry/api": "^1.9.0",
};

/** The `ts` block after the README's "Use Toolkit in your own project" heading. */
export function readmeExample(readme) {
  const at = readme.indexOf("\n## Use Toolkit in your own project");
  if (at < 0) throw new Error('README.md has no "## Use Toolkit in your own project" section');
  const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(at));
  if (!block) throw new Error('README.md\'s "Use Toolkit in your own project" section has no ```ts block');
  return block[1];
}

/** One `import * as` line per public entry point of each package. */
export function entryImports(packages) {
  const lines = [];
  const names = [];
  for (const pkg of packages) {
    for (const subpath of Object.keys(pkg.exports ?? { ".": null })) {
      if (subpath === "./package.json") continue;
      const spec = subpath === "." ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
      const name = `m${names.length}`;
      names.push([name, spec]);
      lines.push(`import * as ${name} from ${JSON.stringify(spec)};`);
    }
  }
  lines.push(
    "const entries: Array<[string, object]> = [",
    ...names.map(([name, spec]) => `  [${JSON.stringify(spec)}, ${name}],`),
    "];",
    "for (const [spec, mod] of entries) {",
    "  if (Object.keys(mod).length === 0) throw new Error(`${spec} exports nothing`);",
    "}",
    'console.log(entries.length + " entry points imported");',
    "",
  );
  return lines.join("\n");
}

const publicPackages = readdirSync(join(root, "packages"))
  .map((name) => join(root, "packages", name))
  .filter((dir) => existsSync(join(dir, "package.json")))
  .map((dir) => ({ dir, pkg: JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) }))
  .filter(({ pkg }) => !pkg.private);

let passed = 0;
let failed = 0;
function step(name, fn) {
  const started = Date.now();
  try {
    const detail = fn();
    console.log(
      `ok   ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)${detail ? `: ${detail}` : ""}`,
    );
    passed++;
    return true;
  } catch (error) {
    const out = `${error.stdout ?? ""}${error.stderr ?? ""}`.trim();
    const detail = out ? out.split("\n").slice(-25).join("\n") : error.message;
    console.log(`FAIL ${name}\n${detail}`);
    failed++;
    return false;
  }
}
const run = (cmd, cmdArgs, cwd) =>
  execFileSync(cmd, cmdArgs, {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 1 << 26,
  });

const work = mkdtempSync(join(tmpdir(), "toolkit-entry-points-"));
try {
  const packs = join(work, "packs");
  const app = join(work, "app");
  mkdirSync(packs);
  mkdirSync(join(app, "src"), { recursive: true });
  const deps = { ...PEERS };
  const packed = step(`pnpm pack: ${publicPackages.length} public packages`, () => {
    run(
      pnpm[0],
      [...pnpm.slice(1), "-r", "--filter", "./packages/*", "pack", "--pack-destination", packs],
      root,
    );
    for (const { pkg } of publicPackages) {
      const file = `${pkg.name.slice(1).replace("/", "-")}-${pkg.version}.tgz`;
      if (!existsSync(join(packs, file))) throw new Error(`pnpm pack wrote no ${file} for ${pkg.name}`);
      deps[pkg.name] = `file:${join(packs, file)}`;
    }
  });
  const example = readmeExample(readFileSync(join(root, "README.md"), "utf8"));
  writeFileSync(join(app, "src", "entry-points.ts"), entryImports(publicPackages.map((p) => p.pkg)));
  writeFileSync(join(app, "src", "example.ts"), example);
  writeFileSync(
    join(app, "package.json"),
    JSON.stringify(
      {
        name: "toolkit-consumer",
        private: true,
        type: "module",
        dependencies: deps,
        devDependencies: {
          typescript,
          "@types/node": rootPkg.devDependencies["@types/node"],
          // ai's own declarations import `json-schema` types; its users install them too.
          "@types/json-schema": "^7.0.15",
        },
      },
      null,
      2,
    ),
  );
  const common = { target: "ES2022", strict: true, skipLibCheck: false, types: ["node"], rootDir: "src" };
  const tsconfig = (name, compilerOptions) =>
    writeFileSync(
      join(app, name),
      JSON.stringify({ compilerOptions: { ...common, ...compilerOptions }, include: ["src"] }),
    );
  tsconfig("tsconfig.nodenext.json", { module: "NodeNext", moduleResolution: "NodeNext", outDir: "out" });
  tsconfig("tsconfig.bundler.json", { module: "ESNext", moduleResolution: "bundler", noEmit: true });
  const installed =
    packed &&
    step("npm install of the tarballs", () => {
      run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], app);
    });
  if (installed) {
    const tsc = join(app, "node_modules", "typescript", "bin", "tsc");
    const built = step("tsc, moduleResolution NodeNext (every entry point, the README example)", () => {
      run(process.execPath, [tsc, "-p", "tsconfig.nodenext.json"], app);
    });
    step("tsc --noEmit, moduleResolution bundler", () => {
      run(process.execPath, [tsc, "-p", "tsconfig.bundler.json"], app);
    });
    if (built) {
      step("node: import every entry point", () =>
        run(process.execPath, ["out/entry-points.js"], app).trim(),
      );
      step("node: the README example", () =>
        run(process.execPath, ["out/example.js"], app).trim().split("\n").join(" | "),
      );
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(`${passed} passed, ${failed} failed`);
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ passed, failed }));
process.exitCode = failed ? 1 : 0;
