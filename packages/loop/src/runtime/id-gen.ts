import { randomUUID } from "node:crypto";

/** Makes ids for things a provider did not name (tool calls without an id, scripted replies). */
export interface IdGen {
  /** A fresh id starting with `prefix`, e.g. `call_…`. */
  next(prefix: string): string;
}

/** Random ids: `prefix` + 24 hex characters. */
export function randomIds(): IdGen {
  return { next: (prefix) => `${prefix}${randomUUID().replaceAll("-", "").slice(0, 24)}` };
}

/** Deterministic ids for tests and golden files: `prefix1`, `prefix2`, ... (one counter per prefix). */
export function sequentialIds(): IdGen {
  const counters = new Map<string, number>();
  return {
    next(prefix) {
      const n = (counters.get(prefix) ?? 0) + 1;
      counters.set(prefix, n);
      return `${prefix}${n}`;
    },
  };
}
