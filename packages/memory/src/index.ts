export { memoryObserver } from "./observer/memory-observer.js";
export type { MemoryObserverOptions } from "./observer/memory-observer.js";
export { MemoryStore } from "./store/memory-store.js";
export type { MemoryStoreOptions, PruneOptions } from "./store/memory-store.js";
export { MemoryStoreError } from "./store/schema.js";
export type {
  EmbedFunction,
  Memory,
  MemoryHit,
  MemoryInput,
  MemoryKind,
  MemorySearch,
} from "./store/types.js";
export { SearchMemories } from "./tool/search-memories.js";
export type { SearchMemoriesOptions } from "./tool/search-memories.js";
export { SqliteRunStore } from "./runs/sqlite-run-store.js";
export type { SqliteRunStoreOptions } from "./runs/sqlite-run-store.js";
