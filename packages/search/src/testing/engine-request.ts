import type { EngineRequest } from "../grep/engine.js";

/** An engine request over `root` for tests: a content search of the whole tree, changed by `overrides`. */
export function engineRequest(root: string, overrides: Partial<EngineRequest> = {}): EngineRequest {
  return {
    root,
    target: "",
    targetIsDir: true,
    pattern: "",
    fixedStrings: false,
    caseInsensitive: false,
    multiline: false,
    mode: "content",
    before: 0,
    after: 0,
    globs: [],
    type: undefined,
    hidden: false,
    maxFileBytes: 1 << 20,
    maxRows: 1000,
    ...overrides,
  };
}
