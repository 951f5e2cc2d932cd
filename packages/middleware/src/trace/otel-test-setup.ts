// Test-only. The root vitest config runs Node with `--conditions module`, which makes
// `@opentelemetry/api` resolve to its bundler-only ESM build (extensionless imports Node cannot
// load), for `import` and `require` alike. Load the CommonJS build once and register it under the
// path that resolution picks, so this package, the SDK and the tests share one working instance.
import { createRequire } from "node:module";
import { sep } from "node:path";

const require = createRequire(import.meta.url);
const picked = require.resolve("@opentelemetry/api");
const commonJs = picked.replace(`${sep}build${sep}esm${sep}`, `${sep}build${sep}src${sep}`);

/** The `@opentelemetry/api` module object, loaded from its CommonJS build. */
export const otelApi: typeof import("@opentelemetry/api") = require(commonJs);
if (picked !== commonJs) require.cache[picked] = require.cache[commonJs];
