// A second process for the concurrency test: records `count` memories one
// transaction at a time into the store at `path`, tagged with `tag`.
import { MemoryStore } from "./memory-store.js";

const [path, tag, count] = process.argv.slice(2);
const store = MemoryStore.open(path as string);
for (let i = 0; i < Number(count); i++) {
  store.record({
    kind: "call",
    session: tag as string,
    tool: "Write",
    input: `{"i":${i}}`,
    output: `${tag} wrote entry ${i}`,
  });
}
store.close();
