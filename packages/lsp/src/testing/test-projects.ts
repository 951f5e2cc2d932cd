import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

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
