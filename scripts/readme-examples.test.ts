// Every ```ts block of every published package's README, type-checked against
// the package sources and, unless marked otherwise, run.
//
//   ```ts                   type-checked, then run in a temporary directory
//   ```ts no-run            type-checked only (it needs a real model, a key,
//                           a Redis or a web site)
//   ```ts no-check: REASON  neither; the reason is required
//
// A run passes when the block finishes without throwing, leaves nothing
// running, and every top-level statement whose comment says what it gives
// gives it (`out.textContent(); // "5"`, or `console.log(x);` followed by
// the printed lines as comments; "..." stands for anything): see
// ./readme-examples/blocks.ts.
//
// The blocks are written as modules into a temporary directory inside the
// repository whose node_modules links every workspace package and every
// third-party package the workspace installs, so `@toolkit/*`, `zod`, `ai`
// and the rest resolve as they would for a user, through the
// "@toolkit/source" condition to the sources. One TypeScript program checks
// them all; a few runner processes (./readme-examples/runner.mjs) run them.
import { execFile } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractBlocks, instrument, type ReadmeBlock } from "./readme-examples/blocks.js";

const root = join(import.meta.dirname, "..");
const RUNNERS = 2;

interface Block extends ReadmeBlock {
  pkg: string;
  file: string;
}

const published = readdirSync(join(root, "packages"))
  .filter((name) => existsSync(join(root, "packages", name, "package.json")))
  .filter((name) => !JSON.parse(readFileSync(join(root, "packages", name, "package.json"), "utf8")).private)
  .sort();

/**
 * better-sqlite3 (behind @toolkit/memory) is a native module built for the
 * Node that installed it; under another Node (CI's second run, on Node 24)
 * memory's examples are type-checked only.
 */
function sqliteLoads(): boolean {
  try {
    const Database = createRequire(join(root, "packages", "memory", "package.json"))("better-sqlite3");
    new Database(":memory:").close();
    return true;
  } catch {
    return false;
  }
}
const sqlite = sqliteLoads();
const runnable = (pkg: string, block: ReadmeBlock) => block.run && (pkg !== "memory" || sqlite);

// Provider packages a user installs beside ours, which the workspace does not:
// their one function the READMEs call, typed as the host expects it.
const OUTSIDE_WORLD = `
declare module "@ai-sdk/openai" {
  export function openai(modelId: string): import("ai").LanguageModel;
}
declare module "@langchain/openai" {
  import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
  export interface ChatOpenAI extends BaseChatModel {
    bindTools: NonNullable<BaseChatModel["bindTools"]>;
  }
  export const ChatOpenAI: new (fields?: { model?: string; apiKey?: string; temperature?: number }) => ChatOpenAI;
}
`;

let farm: string;
/** The instrumented copy of a block that the runner runs. */
const runFile = (file: string) => file.replace(/\.ts$/, ".run.ts");
const blocks: Block[] = [];
const diagnostics = new Map<string, string[]>();
const runs = new Map<string, { errors: string[]; output: string }>();

/** Links each workspace package and each installed third-party package into `dir/node_modules`. */
function linkPackages(dir: string) {
  const modules = join(dir, "node_modules");
  const link = (target: string, name: string) => {
    const at = join(modules, name);
    if (existsSync(at)) return;
    mkdirSync(join(at, ".."), { recursive: true });
    symlinkSync(target, at, "dir");
  };
  for (const name of readdirSync(join(root, "packages")))
    if (existsSync(join(root, "packages", name, "package.json")))
      link(join(root, "packages", name), `@toolkit/${name}`);
  for (const name of readdirSync(join(root, "packages")).sort()) {
    const installed = join(root, "packages", name, "node_modules");
    if (!existsSync(installed)) continue;
    for (const entry of readdirSync(installed)) {
      if (entry.startsWith(".") || entry === "@toolkit") continue;
      if (entry.startsWith("@"))
        for (const sub of readdirSync(join(installed, entry)))
          link(join(installed, entry, sub), `${entry}/${sub}`);
      else link(join(installed, entry), entry);
    }
  }
}

function typeCheck(files: string[]) {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    customConditions: ["@toolkit/source"],
    types: ["node"],
    strict: true,
    esModuleInterop: true,
    skipLibCheck: true,
    noEmit: true,
  };
  const program = ts.createProgram([...files, join(farm, "outside-world.d.ts")], options);
  for (const block of blocks) {
    if (!block.check) continue;
    const source = program.getSourceFile(block.file);
    if (!source) throw new Error(`the program did not read ${block.file}`);
    const found = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    diagnostics.set(
      block.file,
      found.map((d) => {
        const { line } = source.getLineAndCharacterOfPosition(d.start ?? 0);
        return `README.md:${block.line + 1 + line}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
      }),
    );
  }
}

async function runAll(files: string[]) {
  const shards = Array.from({ length: RUNNERS }, (_, i) => files.filter((_, j) => j % RUNNERS === i));
  await Promise.all(
    shards
      .filter((shard) => shard.length > 0)
      .map(async (shard, i) => {
        const out = join(farm, `results-${i}.json`);
        const runner = join(root, "scripts", "readme-examples", "runner.mjs");
        await promisify(execFile)(
          process.execPath,
          ["--conditions=@toolkit/source", "--import", "tsx", runner, out, ...shard],
          { cwd: root, timeout: 240_000, maxBuffer: 16 * 1024 * 1024 },
        );
        for (const r of JSON.parse(readFileSync(out, "utf8")) as Array<{
          file: string;
          errors: string[];
          output: string;
        }>)
          runs.set(r.file, r);
      }),
  );
}

beforeAll(async () => {
  farm = mkdtempSync(join(root, ".readme-examples-"));
  writeFileSync(join(farm, "package.json"), JSON.stringify({ private: true, type: "module" }));
  writeFileSync(join(farm, "outside-world.d.ts"), OUTSIDE_WORLD);
  linkPackages(farm);
  for (const pkg of published) {
    const readme = join(root, "packages", pkg, "README.md");
    if (!existsSync(readme)) continue;
    for (const block of extractBlocks(readFileSync(readme, "utf8"))) {
      const file = join(farm, `${pkg}.${block.line}.ts`);
      // `export {}` makes every block a module of its own (top-level await, own scope).
      writeFileSync(file, `${block.code}\nexport {};\n`);
      if (runnable(pkg, block))
        writeFileSync(runFile(file), `${instrument(block.code, block.line)}\nexport {};\n`);
      blocks.push({ ...block, pkg, file });
    }
  }
  // The runners work in their own processes while this one type-checks.
  const running = runAll(blocks.filter((b) => runnable(b.pkg, b)).map((b) => runFile(b.file)));
  typeCheck(blocks.filter((b) => b.check).map((b) => b.file));
  await running;
}, 300_000);

afterAll(() => {
  if (farm) rmSync(farm, { recursive: true, force: true });
});

describe("the README example harness", () => {
  it("reads each fence's flags and the no-check reason", () => {
    const found = extractBlocks(
      "# x\n```ts\na;\n```\n\n```ts no-run\nb;\n```\n```ts no-check: a sketch\nc(\n```\n```sh\nd\n```\n",
    );
    expect(found).toEqual([
      { line: 2, code: "a;", check: true, run: true, reason: "" },
      { line: 6, code: "b;", check: true, run: false, reason: "" },
      { line: 9, code: "c(", check: false, run: false, reason: "a sketch" },
    ]);
  });

  it("wraps only statements whose comment says what they give, on the same lines", () => {
    const code = [
      'f(); // "5"',
      "g(); // what g is for",
      "console.log(h());",
      "// printed",
      "// lines",
      "const x = 1; // 1",
      "planWaves(); // [[0, 2], [1]]: why",
    ].join("\n");
    const out = instrument(code, 10).split("\n");
    expect(out).toHaveLength(7);
    expect(out[0]).toBe('globalThis.__readmeValue({"line":11,"log":false,"value":"5"}, f()); // "5"');
    expect(out[1]).toBe("g(); // what g is for");
    expect(out[2]).toBe('globalThis.__readmeLog({"line":13,"log":true,"text":"printed\\nlines"})(h());');
    expect(out[5]).toBe("const x = 1; // 1");
    expect(out[6]).toContain('"value":[[0,2],[1]]');
  });

  it("fails an example whose comment is wrong, that throws, fails its exit code, or leaves a server running", async () => {
    const dir = mkdtempSync(join(root, ".readme-examples-"));
    try {
      const files = {
        right: 'const a = [1, 2];\na.length; // 2\nconsole.log("x", 1); // x 1\n',
        wrongValue: "const a = [1, 2];\na.length; // 3\n",
        wrongText: 'console.log("the answer is 41");\n// the answer is ... 42\n',
        throws: 'throw new Error("boom");\n',
        exitCode: "process.exitCode = 2;\n",
        leaves: 'import { createServer } from "node:http";\ncreateServer().listen(0, "127.0.0.1");\n',
      };
      writeFileSync(join(dir, "package.json"), JSON.stringify({ private: true, type: "module" }));
      for (const [name, code] of Object.entries(files))
        writeFileSync(join(dir, `${name}.ts`), `${instrument(code, 0)}\nexport {};\n`);
      const out = join(dir, "results.json");
      const runner = join(root, "scripts", "readme-examples", "runner.mjs");
      const names = Object.keys(files);
      await promisify(execFile)(
        process.execPath,
        ["--import", "tsx", runner, out, ...names.map((n) => join(dir, `${n}.ts`))],
        { cwd: root, timeout: 60_000 },
      );
      const results = JSON.parse(readFileSync(out, "utf8")) as Array<{ errors: string[] }>;
      const byName = Object.fromEntries(names.map((n, i) => [n, results[i]?.errors.join("\n")]));
      expect(byName.right).toBe("");
      expect(byName.wrongValue).toContain("README.md:2: the comment says 3, but the code gives 2");
      expect(byName.wrongText).toContain("README.md:1: the comment says 'the answer is ... 42'");
      expect(byName.throws).toContain("boom");
      expect(byName.exitCode).toBe("set process.exitCode to 2");
      expect(byName.leaves).toContain("left running (the process would not exit): TCPServerWrap");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("README examples", () => {
  it("are found in every published package", () => {
    const without = published.filter((pkg) => !blocks.some((b) => b.pkg === pkg));
    expect(without).toEqual([]);
  });

  describe.each(published)("@toolkit/%s", (pkg) => {
    const readme = join(root, "packages", pkg, "README.md");
    const mine = existsSync(readme) ? extractBlocks(readFileSync(readme, "utf8")) : [];
    const title = (b: ReadmeBlock) =>
      `README.md:${b.line}${b.run && !runnable(pkg, b) ? " (type-checked only: better-sqlite3 is built for another Node)" : ""}`;
    it.each(mine.map((b) => [title(b), b] as const))("%s", (_title, shape) => {
      const block = blocks.find((b) => b.pkg === pkg && b.line === shape.line);
      expect(block, "extracted in beforeAll").toBeDefined();
      if (!block) return;
      if (!block.check) {
        expect(block.reason, "a no-check block says why on its fence line").not.toBe("");
        return;
      }
      expect(diagnostics.get(block.file), relative(root, readme)).toEqual([]);
      if (!runnable(pkg, block)) return;
      const result = runs.get(runFile(block.file));
      expect(result, "a runner reported this block").toBeDefined();
      expect(result?.errors, `${relative(root, readme)}:${block.line} printed:\n${result?.output}`).toEqual(
        [],
      );
    });
  });
});
