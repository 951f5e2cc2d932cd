// withDiagnostics: the latency it adds to an Edit on a 200-file TypeScript project with a
// warm typescript-language-server (goal: p50 added ≤ 300 ms). Ours is Edit through the
// middleware; the peer is the same Edit without it, measured alternately in one run. Each
// edit flips a return value between a number and a string, so every other edit introduces
// a type error and the next one fixes it. Two files: a leaf (one importer) and a hub that
// 40 files import.
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { createToolContext } from "@toolkit/core";
import { createFsTools } from "@toolkit/fs";
import { createLsp, withDiagnostics } from "@toolkit/lsp";
import { dispatch, ToolRegistry } from "@toolkit/registry";
import type { BenchCase, Row } from "../harness.js";

const WORK = join(import.meta.dirname, "..", "..", ".work", "lsp");
const FILES = 200;
const RUNS = 21;

async function writeProject(root: string): Promise<void> {
  await rm(root, { recursive: true, force: true });
  await mkdir(join(root, "src"), { recursive: true });
  await writeFile(
    join(root, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { strict: true, module: "NodeNext", noEmit: true }, include: ["src"] }),
  );
  await writeFile(join(root, "src/hub.ts"), "export function hub(n: number): number {\n  return n + 1;\n}\n");
  for (let i = 0; i < FILES - 1; i++) {
    const prev = i === 0 ? "" : `import { f${i - 1} } from "./m${i - 1}.js";\n`;
    const hub = i % 5 === 0 ? 'import { hub } from "./hub.js";\n' : "";
    const body = [
      prev,
      hub,
      `export function f${i}(n: number): number {`,
      `  const base = ${i === 0 ? "n" : `f${i - 1}(n)`};`,
      `  return ${i % 5 === 0 ? "hub(base)" : "base + 1"};`,
      "}",
      `export interface Shape${i} { id: number; name: string; tags: string[] }`,
      `export const items${i}: Shape${i}[] = [{ id: ${i}, name: "m${i}", tags: ["a", "b"] }];`,
      "",
    ].join("\n");
    await writeFile(join(root, `src/m${i}.ts`), body);
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 0;
}

async function measure(
  file: string,
  oldBody: string,
  newBody: string,
  root: string,
  label: string,
): Promise<Row> {
  const lsp = createLsp({ root });
  try {
    await lsp.warmUp(join(root, file));
    const registry = new ToolRegistry({ logger: { warn() {} } });
    for (const tool of createFsTools()) registry.register(tool);
    const ctx = createToolContext({ cwd: root, isNonInteractive: true });
    await dispatch(registry, [{ id: "r", name: "Read", input: { file_path: file } }], { ctx });
    let current = oldBody;
    const edit = async (middleware: ReturnType<typeof withDiagnostics>[]) => {
      const next = current === oldBody ? newBody : oldBody;
      const start = performance.now();
      const [r] = await dispatch(
        registry,
        [{ id: "e", name: "Edit", input: { file_path: file, old_string: current, new_string: next } }],
        { ctx, middleware },
      );
      const ms = performance.now() - start;
      if (r?.output.isError) throw new Error(r.output.textContent());
      // A figure only counts when the middleware did its work: the error reported, never "pending".
      const text = r?.output.textContent() ?? "";
      const reported = text.includes("This edit introduced");
      if (middleware.length > 0 && (text.includes("pending") || reported !== (next === newBody))) {
        throw new Error(`withDiagnostics did not report as expected:\n${text}`);
      }
      current = next;
      return ms;
    };
    const withMw = [withDiagnostics(lsp)];
    await edit(withMw);
    await edit(withMw);
    const ours: number[] = [];
    const peer: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      ours.push(await edit(withMw));
      peer.push(await edit([]));
    }
    const added = median(ours) - median(peer);
    return {
      case: `Edit + withDiagnostics, ${FILES}-file TS project, ${label}`,
      ours: median(ours),
      peer: "Edit without withDiagnostics",
      peerValue: median(peer),
      unit: "ms",
      note: `added p50 ${added.toFixed(0)} ms (goal ≤ 300 ms)`,
    };
  } finally {
    await lsp.dispose();
  }
}

export const cases: BenchCase[] = [
  {
    name: "lsp",
    async run() {
      const root = join(WORK, "project");
      await writeProject(root);
      const leaf = await measure("src/m198.ts", "return base + 1;", 'return "x";', root, "leaf file");
      const hub = await measure("src/hub.ts", "return n + 1;", 'return "x";', root, "hub (40 importers)");
      return [leaf, hub];
    },
  },
];
