// Test-only: the store module the durable-run child process loads (see sqlite-run-store.test.ts).
import { SqliteRunStore } from "./sqlite-run-store.js";

/** The SQLite store at `path`. */
export function makeStore(path: string | undefined): SqliteRunStore {
  return SqliteRunStore.open(path as string);
}
