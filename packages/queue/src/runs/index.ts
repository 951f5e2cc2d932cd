// @toolkit/queue/runs: a RunStore for @toolkit/loop's durable runs on the queue's Redis.
export { RedisRunStore } from "./redis-run-store.js";
export type { RedisRunStoreOptions } from "./redis-run-store.js";
