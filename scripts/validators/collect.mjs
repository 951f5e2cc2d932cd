// Collects the built-in tools' input schemas from the built packages, for scripts/gen-validators.mjs
// and its test: `[canonical text, schema]` per distinct schema (plain and strict), per package.
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const root = join(import.meta.dirname, "..", "..");
const load = (pkg, entry = "index.js") =>
  import(pathToFileURL(join(root, "packages", pkg, "dist", entry)).href);

/** Every built-in tool of each package, made with default options. */
async function toolsByPackage(core) {
  const fs = await load("fs");
  const fsLoom = await load("fs", "loom.js");
  const search = await load("search");
  const shell = await load("shell");
  const shellLoom = await load("shell", "loom.js");
  const webFetch = await load("web-fetch");
  const webSearch = await load("web-search");
  const webSearchLoom = await load("web-search", "loom.js");
  const provider = { name: "none", search: async () => [] };
  const list = (x) =>
    (Array.isArray(x) ? x : Object.values(x)).filter((t) => t && typeof t.schema === "function");
  return {
    core: [new core.Think(), new core.Todo(), new core.AskUser()],
    fs: [...list(fs.createFsTools()), ...list(fsLoom.createLoomTools())],
    search: list(search.createSearchTools()),
    shell: [...list(shell.createShellTools({})), ...list(shellLoom.createLoomTools({}))],
    "web-fetch": list(webFetch.createWebFetchTools({})),
    "web-search": [
      ...list(webSearch.createWebSearchTools({ provider })),
      ...list(webSearchLoom.createLoomTools({ provider })),
    ],
  };
}

/** `[canonical text, schema]` of each distinct schema the tools validate against (plain and strict). */
function schemasOf(core, tools) {
  const seen = new Map();
  for (const tool of tools) {
    const schema = tool.schema().input_schema;
    for (const s of [schema, core.strictSchema(schema)]) seen.set(core.canonicalJson(s), s);
  }
  return [...seen].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** `{ [pkg]: [[canonical text, schema], ...] }` for every package with built-in tools. */
export async function collectSchemas() {
  const core = await load("core");
  const out = {};
  for (const [pkg, tools] of Object.entries(await toolsByPackage(core)))
    out[pkg] = { tools: tools.length, schemas: schemasOf(core, tools) };
  return out;
}
