#!/usr/bin/env node
// The public API report: every name each package exports from each entry of
// its exports map, with its kind, its signature and the package it is
// declared in, written to api/<package>.api.md (checked in).
//
//   node scripts/api-report.mjs           rewrite the reports
//   node scripts/api-report.mjs --check   fail when a report is stale, or when
//                                         one name means two things
//
// "One name, two meanings": two packages export the same name from their root
// entries and the names resolve to declarations in different packages (the
// package a declaration lives in is its meaning; a package's types resolve
// through its built .d.ts or its source alike). A re-export of the
// same declaration (fs re-exporting core's Workspace) is one meaning. A name
// marked @deprecated on either side is an alias kept for one minor release
// and is reported as such, not as a conflict.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import ts from "typescript";

const root = new URL("..", import.meta.url).pathname;
const check = process.argv.includes("--check");
const outDir = join(root, "api");

const packages = readdirSync(join(root, "packages"))
  .filter((name) => existsSync(join(root, "packages", name, "package.json")))
  .sort();

/** The source entry of each subpath: the `@toolkit/source` condition of the exports map. */
function entries(name) {
  const pkg = JSON.parse(readFileSync(join(root, "packages", name, "package.json"), "utf8"));
  if (pkg.private) return [];
  const out = [];
  for (const [sub, target] of Object.entries(pkg.exports ?? {})) {
    if (typeof target !== "object" || !target["@toolkit/source"]) continue;
    out.push({ sub, file: join(root, "packages", name, target["@toolkit/source"]) });
  }
  return out;
}

const all = packages.flatMap((name) => entries(name).map((e) => ({ name, ...e })));
const program = ts.createProgram(
  all.map((e) => e.file),
  {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    customConditions: ["@toolkit/source"],
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  },
);
const checker = program.getTypeChecker();

function kindOf(decl) {
  if (ts.isClassDeclaration(decl)) return "class";
  if (ts.isFunctionDeclaration(decl)) return "function";
  if (ts.isInterfaceDeclaration(decl)) return "interface";
  if (ts.isTypeAliasDeclaration(decl)) return "type";
  if (ts.isEnumDeclaration(decl)) return "enum";
  if (ts.isVariableDeclaration(decl)) return "const";
  if (ts.isModuleDeclaration(decl)) return "namespace";
  return ts.SyntaxKind[decl.kind];
}

function isDeprecated(symbol) {
  return symbol.getJsDocTags(checker).some((t) => t.name === "deprecated");
}

/**
 * A signature without this checkout's absolute paths: TypeScript prints
 * `import("/abs/packages/x/src/y")` for types it cannot name, so the report
 * would differ between clones. A package's entry (built or source) becomes
 * its name; any other file its path from the repository root.
 */
function portable(text) {
  return text.replace(/import\("([^"]+)"\)/g, (whole, spec) => {
    if (!spec.startsWith(root)) return whole;
    const rel = spec.slice(root.length);
    const entry = /^packages\/([^/]+)\/(?:dist|src)\/index$/.exec(rel);
    return entry ? `import("@toolkit/${entry[1]}")` : `import("${rel}")`;
  });
}

function signature(symbol, decl) {
  const flags = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType;
  const kind = kindOf(decl);
  if (kind === "function" || kind === "const") {
    const type = checker.getTypeOfSymbolAtLocation(symbol, decl);
    return portable(checker.typeToString(type, decl, flags));
  }
  if (kind === "class") {
    const members = checker
      .getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol))
      .filter((m) => !m.getName().startsWith("#") && !m.getName().startsWith("__"))
      .map((m) => m.getName());
    return `{ ${members.join(", ")} }`;
  }
  if (kind === "type" || kind === "interface") {
    const text = decl.getText().replace(/\s+/g, " ");
    return text.length > 240 ? `${text.slice(0, 237)}...` : text;
  }
  return "";
}

const reports = new Map();
/** name -> [{ pkg, origin, deprecated }] for root entries */
const rootNames = new Map();
for (const { name, sub, file } of all) {
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`cannot read ${file}`);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  const exports = moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : [];
  const rows = [];
  for (const exported of exports.sort((a, b) => a.getName().localeCompare(b.getName()))) {
    const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const decl = target.declarations?.[0];
    if (!decl) continue;
    const declFile = decl.getSourceFile().fileName;
    const origin = relative(root, declFile).replace(/^packages\/([^/]+)\/.*/, "@toolkit/$1");
    const deprecated = isDeprecated(exported) || isDeprecated(target);
    rows.push({
      name: exported.getName(),
      kind: kindOf(decl),
      origin,
      deprecated,
      sig: signature(target, decl),
    });
    if (sub === ".") {
      const key = exported.getName();
      const list = rootNames.get(key) ?? [];
      list.push({ pkg: name, origin: `${origin}#${target.getName()}`, deprecated });
      rootNames.set(key, list);
    }
  }
  const lines = reports.get(name) ?? [
    `# @toolkit/${name}: public API`,
    "",
    "Generated by `node scripts/api-report.mjs`; do not edit.",
    "",
  ];
  lines.push(`## \`${sub === "." ? `@toolkit/${name}` : `@toolkit/${name}/${sub.slice(2)}`}\``, "");
  lines.push("| name | kind | declared in | signature |", "| --- | --- | --- | --- |");
  for (const r of rows) {
    const sig = r.sig.replaceAll("|", "\\|").replaceAll("\n", " ");
    lines.push(
      `| \`${r.name}\`${r.deprecated ? " (deprecated)" : ""} | ${r.kind} | ${r.origin} | \`${sig}\` |`,
    );
  }
  lines.push("");
  reports.set(name, lines);
}

const conflicts = [];
for (const [key, list] of rootNames) {
  const meanings = new Set(list.filter((e) => !e.deprecated).map((e) => e.origin));
  if (meanings.size > 1) conflicts.push(`${key}: ${list.map((e) => `@toolkit/${e.pkg}`).join(", ")}`);
}

let stale = 0;
if (!check) mkdirSync(outDir, { recursive: true });
for (const [name, lines] of reports) {
  const file = join(outDir, `${name}.api.md`);
  const text = `${lines.join("\n").trimEnd()}\n`;
  if (check) {
    if (!existsSync(file) || readFileSync(file, "utf8") !== text) {
      stale++;
      console.log(`stale: ${relative(root, file)} (run node scripts/api-report.mjs and commit it)`);
    }
  } else {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}
const count = [...reports.values()].reduce((n, l) => n + l.filter((x) => x.startsWith("| `")).length, 0);
for (const c of conflicts) console.log(`one name, two meanings: ${c}`);
console.log(
  `${reports.size} packages, ${count} exported names, ${rootNames.size} distinct root names; ` +
    `${conflicts.length} names with two meanings${check ? `, ${stale} stale reports` : ""}`,
);
process.exitCode = check && (stale || conflicts.length) ? 1 : 0;
