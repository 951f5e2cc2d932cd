import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createToolContext, type Tool, type ToolOutput } from "@toolkit/core";
import type { Middleware } from "@toolkit/registry";
import { registryWith, runOne } from "@toolkit/test-kit";
import { afterAll, beforeAll } from "vitest";
import { createLsp } from "../create-lsp.js";
import type { Lsp } from "../session/lsp.js";

/** A project in a new temp folder; `remove()` deletes it. */
export interface TempProject {
  readonly root: string;
  remove(): Promise<void>;
}

/** Writes `files` (relative path → text) into a new temp folder. */
export async function tempProject(files: Readonly<Record<string, string>>): Promise<TempProject> {
  const root = await mkdtemp(join(tmpdir(), "toolkit-lsp-"));
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, rel)), { recursive: true });
    await writeFile(join(root, rel), text);
  }
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}

/** A strict NodeNext tsconfig over `src/`. */
export const TSCONFIG = JSON.stringify({
  compilerOptions: {
    strict: true,
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    noEmit: true,
  },
  include: ["src"],
});

/** `add` in a.ts, used by b.ts and c.ts. */
export const THREE_FILES: Readonly<Record<string, string>> = {
  "tsconfig.json": TSCONFIG,
  "src/a.ts": "export function add(a: number, b: number): number {\n  return a + b;\n}\n",
  "src/b.ts": 'import { add } from "./a.js";\n\nexport const three = add(1, 2);\n',
  "src/c.ts":
    'import { add } from "./a.js";\nimport { three } from "./b.js";\n\nexport const six = add(three, three);\n',
};

/** The project and `Lsp` of a test file, and a caller of tools through a registry with middleware. */
export interface LspFixture {
  readonly project: () => TempProject;
  readonly lsp: () => Lsp;
  /** Dispatches one call (tools and middleware as given) in one session context per `session()`. */
  readonly session: (
    tools: readonly Tool[],
    middleware?: (lsp: Lsp) => Middleware[],
  ) => (name: string, input: unknown) => Promise<ToolOutput>;
}

/** Creates the project and its `Lsp` before the file's tests and removes both after them. */
export function useLspProject(files: Readonly<Record<string, string>>): LspFixture {
  let project: TempProject | undefined;
  let lsp: Lsp | undefined;
  beforeAll(async () => {
    project = await tempProject(files);
    lsp = createLsp({ root: project.root });
  });
  afterAll(async () => {
    await lsp?.dispose();
    await project?.remove();
  });
  const need = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("useLspProject: used outside a test");
    return value;
  };
  return {
    project: () => need(project),
    lsp: () => need(lsp),
    session: (tools, middleware = () => []) => {
      const ctx = createToolContext({ cwd: need(project).root, isNonInteractive: true });
      const registry = registryWith(...tools);
      const layers = middleware(need(lsp));
      return async (name, input) => (await runOne(registry, layers, { name, input }, { ctx })).output;
    },
  };
}
