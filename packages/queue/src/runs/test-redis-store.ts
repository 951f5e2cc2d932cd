// Test-only: the store module the durable-run child process loads (see redis-run-store.test.ts).
import { RedisRunStore } from "./redis-run-store.js";

/** A store on the test redis-server at 127.0.0.1:`port`. */
export function makeStore(port: string | undefined): RedisRunStore {
  return new RedisRunStore({ connection: { host: "127.0.0.1", port: Number(port) } });
}
